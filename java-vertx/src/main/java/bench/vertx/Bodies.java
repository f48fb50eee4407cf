package bench.vertx;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RequestBody;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.List;
import java.util.Locale;

/** Request bodies: the media-type gate (415) and the 1 MiB limit (413), in the contract's order. */
public final class Bodies {
    public static final int MAX_BODY_BYTES = 1024 * 1024;
    public static final String JSON = "application/json";
    public static final String PROTOBUF = "application/x-protobuf";

    private Bodies() {}

    /**
     * BodyHandler answers 413 from an announced Content-Length before reading a byte and stops a streamed body
     * as soon as it passes the limit. Uploads are off: no upload directory, no form parsing. What breaks the body
     * while it is read (a chunk size that is not hexadecimal, chunk data without its CRLF, the peer gone) reaches the
     * request's exception handler; BodyHandler's would answer a bad chunk size with 500 (Netty's failure is no
     * DecoderException), so it is replaced by one that answers 400 and closes the connection.
     */
    public static Handler<RoutingContext> limited() {
        BodyHandler body = BodyHandler.create(false).setBodyLimit(MAX_BODY_BYTES);
        return ctx -> {
            body.handle(ctx);
            ctx.request().exceptionHandler(failure -> ctx.fail(HttpError.malformedBody()));
        };
    }

    /**
     * 415 unless the request's media type is one of {@code types}; parameters such as charset are ignored. Not
     * Route.consumes: vertx-web 5.0 compares the subtype case-sensitively ("Application/JSON" is refused) and lets a
     * wildcard or a type without a slash ("application/*", "json") through, where the contract wants neither.
     */
    public static Handler<RoutingContext> requireMediaType(String... types) {
        List<String> accepted = List.of(types);
        String message = "Content-Type must be " + String.join(" or ", types);
        return ctx -> {
            if (accepted.contains(mediaType(ctx))) {
                ctx.next();
            } else {
                ctx.fail(new HttpError(415, message));
            }
        };
    }

    /** The media type without parameters, lower-cased; "" when there is no Content-Type. */
    public static String mediaType(RoutingContext ctx) {
        String header = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (header == null) {
            return "";
        }
        int semicolon = header.indexOf(';');
        return (semicolon < 0 ? header : header.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    /** The body read by {@link #limited()}; an absent body is an empty one. */
    public static byte[] bytes(RoutingContext ctx) {
        RequestBody body = ctx.body();
        Buffer buffer = body == null ? null : body.buffer();
        return buffer == null ? new byte[0] : buffer.getBytes();
    }
}
