package bench.reactor;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Map;

/**
 * A request the contract answers with a 4xx/5xx: carried down the reactive chain as an error signal and
 * written once, by {@link Http#error(reactor.netty.http.server.HttpServerResponse, HttpError)}.
 */
public final class HttpError extends RuntimeException {

    private final HttpResponseStatus status;
    private final Map<String, String> headers;

    public HttpError(HttpResponseStatus status, String message) {
        this(status, message, Map.of());
    }

    public HttpError(HttpResponseStatus status, String message, Map<String, String> headers) {
        super(message, null, false, false); // an expected answer, not a failure: no stack trace to fill
        this.status = status;
        this.headers = headers;
    }

    public HttpResponseStatus status() {
        return status;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public static HttpError badRequest(String message) {
        return new HttpError(HttpResponseStatus.BAD_REQUEST, message);
    }

    public static HttpError unsupportedMediaType(String expected) {
        return new HttpError(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type must be " + expected);
    }

    public static HttpError tooLarge() {
        // The rest of the body is never read, so the connection cannot be reused.
        return new HttpError(
                HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                "Body is larger than 1 MiB",
                Map.of("Connection", "close"));
    }
}
