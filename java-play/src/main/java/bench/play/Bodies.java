package bench.play;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import org.apache.pekko.util.ByteString;
import play.http.HttpErrorHandler;
import play.libs.streams.Accumulator;
import play.mvc.BodyParser;
import play.mvc.EssentialAction;
import play.mvc.Http;
import play.mvc.Result;

/**
 * Request bodies: the media-type gate (415) and the 1 MiB limit (413), in the contract's order. The gate runs on the
 * request header, before a byte of the body is read; then Play's own {@link BodyParser.Bytes} reads the body, which
 * answers an announced Content-Length over the limit before reading and stops a streamed body at the limit (its 413
 * goes through {@link Errors}).
 */
public final class Bodies {
    public static final int MAX_BODY_BYTES = 1024 * 1024;
    public static final String JSON = "application/json";
    public static final String PROTOBUF = "application/x-protobuf";

    private final BodyParser<ByteString> parser;

    public Bodies(HttpErrorHandler errors) {
        this.parser = new BodyParser.Bytes(MAX_BODY_BYTES, errors);
    }

    /** An action for a POST whose body must be one of {@code types}: 415, then 413, then {@code handler}. */
    public EssentialAction accepting(
            List<String> types, BiFunction<Http.RequestHeader, ByteString, CompletionStage<Result>> handler) {
        String message = "Content-Type must be " + String.join(" or ", types);
        return EssentialAction.of(request -> {
            if (!types.contains(mediaType(request))) {
                return Accumulator.done(Errors.of(415, message));
            }
            return parser.apply(request)
                    .mapFuture(
                            body -> body.left.isPresent()
                                    ? CompletableFuture.completedFuture(body.left.get())
                                    : handler.apply(request, body.right.get()),
                            Runnable::run);
        });
    }

    /** The media type without parameters, lower-cased; "" when there is no Content-Type. */
    public static String mediaType(Http.RequestHeader request) {
        String header = request.headers().get("Content-Type").orElse("");
        int semicolon = header.indexOf(';');
        return (semicolon < 0 ? header : header.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }
}
