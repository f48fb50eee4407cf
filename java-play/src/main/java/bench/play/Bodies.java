package bench.play;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import org.apache.pekko.http.scaladsl.model.EntityStreamException;
import org.apache.pekko.util.ByteString;
import play.http.HttpErrorHandler;
import play.libs.F;
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
 *
 * <p>One 413 Play's parser never sees: Pekko HTTP's parser holds a whole chunk before passing it on, so it refuses a
 * chunk over {@code pekko.http.parsing.max-chunk-size} (1 MiB by default, this limit) as soon as it reads the chunk's
 * size, by failing the body's stream, which Play would answer with a 500. That failure is the 413 here, and any other
 * failure of the body's HTTP framing (a malformed chunk) a 400.
 */
public final class Bodies {
    public static final int MAX_BODY_BYTES = 1024 * 1024;
    public static final String JSON = "application/json";
    public static final String PROTOBUF = "application/x-protobuf";

    private static final String CONTENT_TYPE = "Content-Type";
    private static final String PEKKO_DEFAULT_TYPE = "application/octet-stream";

    /**
     * Pekko HTTP's words for a chunk over its limit, which are all its failure carries: "HTTP chunk of N bytes exceeds
     * the configured limit of M bytes", or "HTTP chunk size exceeds Integer.MAX_VALUE" for a size it cannot hold.
     */
    private static final Pattern CHUNK_TOO_LARGE = Pattern.compile("HTTP chunk (of \\d+ bytes|size) exceeds ");

    private final HttpErrorHandler errors;
    private final BodyParser<ByteString> parser;

    public Bodies(HttpErrorHandler errors) {
        this.errors = errors;
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
                    .recoverWith(failure -> unreadable(request, failure), Runnable::run)
                    .mapFuture(
                            body -> body.left.isPresent()
                                    ? CompletableFuture.completedFuture(body.left.get())
                                    : handler.apply(request, body.right.get()),
                            Runnable::run);
        });
    }

    /**
     * The media type of the Content-Type as sent, without parameters, lower-cased; "" when there is none. Play reports
     * the Content-Type Pekko HTTP parsed; one Pekko cannot parse (an empty parameter, {@code application/json;}, which
     * RFC 9110 allows, or a parameter without a value) it keeps as a raw header after the body's type, which it then
     * reports as application/octet-stream (or none, for an empty body). So in those two cases the last Content-Type of
     * all the request's headers is the one sent.
     */
    public static String mediaType(Http.RequestHeader request) {
        String parsed = withoutParameters(request.headers().get(CONTENT_TYPE).orElse(""));
        if (!parsed.isEmpty() && !parsed.equals(PEKKO_DEFAULT_TYPE)) {
            return parsed;
        }
        List<String> sent = request.headers().asMap().getOrDefault(CONTENT_TYPE, List.of());
        return sent.isEmpty() ? "" : withoutParameters(sent.getLast());
    }

    private static String withoutParameters(String contentType) {
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
                .trim()
                .toLowerCase(Locale.ROOT);
    }

    /** The status for a body whose HTTP framing Pekko refused: 413 when one chunk alone is over the limit, else 400. */
    private static int statusFor(EntityStreamException refused) {
        return CHUNK_TOO_LARGE.matcher(refused.info().summary()).lookingAt() ? 413 : 400;
    }

    private CompletionStage<F.Either<Result, ByteString>> unreadable(Http.RequestHeader request, Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (!(cause instanceof EntityStreamException refused)) {
            return CompletableFuture.failedFuture(failure);
        }
        return errors.onClientError(request, statusFor(refused), refused.info().summary())
                .thenApply(F.Either::Left);
    }
}
