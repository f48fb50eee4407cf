package bench.spring5;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/**
 * A request the contract answers with a 4xx or 5xx and {@code {"error": message}}. Expected on bad input,
 * so it carries no stack trace.
 */
public final class HttpError extends RuntimeException {

    private final HttpStatus status;
    private final HttpHeaders headers;

    public HttpError(HttpStatus status, String message) {
        this(status, message, HttpHeaders.EMPTY);
    }

    public HttpError(HttpStatus status, String message, HttpHeaders headers) {
        super(message, null, false, false);
        this.status = status;
        this.headers = headers;
    }

    public HttpStatus status() {
        return status;
    }

    public HttpHeaders headers() {
        return headers;
    }

    public static HttpError badRequest(String message) {
        return new HttpError(HttpStatus.BAD_REQUEST, message);
    }

    public static HttpError notFound() {
        return new HttpError(HttpStatus.NOT_FOUND, "Not found");
    }

    public static HttpError tooLarge() {
        return new HttpError(HttpStatus.CONTENT_TOO_LARGE, "Request body larger than 1 MiB");
    }

    public static HttpError unsupportedMediaType(String expected) {
        return new HttpError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type must be " + expected);
    }

    /** 503 with Retry-After: the stack is saturated or its database away (spec/API.md §6.5), not broken. */
    public static HttpError busy(String message) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, "1");
        return new HttpError(HttpStatus.SERVICE_UNAVAILABLE, message, headers);
    }
}
