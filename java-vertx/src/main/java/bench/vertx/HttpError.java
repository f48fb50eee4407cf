package bench.vertx;

import java.util.Map;

/**
 * A deliberate error answer: its status, the short message for the JSON body and extra response headers.
 * It is an answer, not a fault, so it carries no stack trace and is never logged.
 */
public final class HttpError extends RuntimeException {
    private final int status;
    private final Map<String, String> headers;

    public HttpError(int status, String message) {
        this(status, message, Map.of());
    }

    public HttpError(int status, String message, Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.headers = headers;
    }

    public int status() {
        return status;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public static HttpError badRequest(String message) {
        return new HttpError(400, message);
    }

    /** A body whose framing broke as it was read: the connection cannot carry another request. */
    public static HttpError malformedBody() {
        return new HttpError(400, "Malformed request body", Map.of("Connection", "close"));
    }

    public static HttpError notFound() {
        return new HttpError(404, "Not found");
    }

    public static HttpError busy() {
        return new HttpError(503, "The database is busy, retry", Map.of("Retry-After", "1"));
    }

    public static HttpError unavailable() {
        return new HttpError(503, "The database is unavailable, retry", Map.of("Retry-After", "1"));
    }
}
