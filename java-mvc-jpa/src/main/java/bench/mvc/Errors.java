package bench.mvc;

import bench.contract.Refused;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * The one place that writes the contract's error body, {@code {"error": "…"}}, for exceptions raised in
 * handlers and, through the container's error page ({@code /error}), for what the container refuses itself.
 */
@RestControllerAdvice
@RestController
public class Errors implements org.springframework.boot.webmvc.error.ErrorController {

    private static final Logger log = LoggerFactory.getLogger(Errors.class);

    private static ResponseEntity<byte[]> body(HttpStatusCode status, String message) {
        return with(ResponseEntity.status(status), message);
    }

    /**
     * Every error body goes out with its length, never chunked: a request refused with its body unread (a 404 or 405
     * to a chunked POST) is answered before the rest is read (BodyLimit), and when that rest is a broken chunk
     * Tomcat ends the connection mid-answer, after writing a chunked body a second time and no last chunk.
     */
    private static ResponseEntity<byte[]> with(ResponseEntity.BodyBuilder builder, String message) {
        byte[] json = ("{\"error\":" + quoted(message) + "}").getBytes(StandardCharsets.UTF_8);
        return builder.contentType(MediaType.APPLICATION_JSON)
                .contentLength(json.length)
                .body(json);
    }

    /** A JSON string of free text. */
    static String quoted(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }

    /** The rest of the body stays unread, so the connection ends with this answer (spec/API.md §1.3). */
    private static ResponseEntity<?> tooLarge() {
        return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE)
                .header(HttpHeaders.CONNECTION, "close")
                .contentType(MediaType.APPLICATION_JSON)
                .contentLength(TOO_LARGE.length)
                .body(TOO_LARGE);
    }

    private static final byte[] TOO_LARGE = "{\"error\":\"request body over 1 MiB\"}".getBytes(StandardCharsets.UTF_8);

    /**
     * A handler's own refusal: a {@link ResponseStatusException} with its reason, or an {@link ErrorResponseException}
     * where the answer needs a header (503 with {@code Retry-After}).
     */
    @ExceptionHandler(ErrorResponseException.class)
    ResponseEntity<byte[]> refused(ErrorResponseException e) {
        String detail = e.getBody().getDetail();
        return with(
                ResponseEntity.status(e.getStatusCode()).headers(e.getHeaders()), detail == null ? "error" : detail);
    }

    /** The contract's refusal of a body (400) or of a booking (422), with its reason. */
    @ExceptionHandler(Refused.class)
    ResponseEntity<byte[]> refused(Refused e) {
        return body(HttpStatusCode.valueOf(e.status()), e.getMessage());
    }

    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<byte[]> notFound() {
        return body(HttpStatus.NOT_FOUND, "not found");
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<byte[]> methodNotAllowed(HttpRequestMethodNotSupportedException e) {
        Set<HttpMethod> allowed =
                new LinkedHashSet<>(e.getSupportedHttpMethods() == null ? Set.of() : e.getSupportedHttpMethods());
        allowed.remove(HttpMethod.OPTIONS);
        if (allowed.contains(HttpMethod.GET)) allowed.add(HttpMethod.HEAD);
        String allow = allowed.stream().map(HttpMethod::name).collect(Collectors.joining(", "));
        return with(
                ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED).header(HttpHeaders.ALLOW, allow),
                "method not allowed");
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<byte[]> unsupportedMediaType() {
        return body(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported content type");
    }

    /**
     * With its length: a body the container could not frame (a broken chunk) ends the connection, and Jetty would
     * end an answer of unknown length by closing it instead of chunking it.
     */
    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<?> unreadable(HttpMessageNotReadableException e) {
        if (BodyLimit.exceeded(e)) return tooLarge();
        return ResponseEntity.badRequest()
                .contentType(MediaType.APPLICATION_JSON)
                .contentLength(MALFORMED.length)
                .body(MALFORMED);
    }

    private static final byte[] MALFORMED = "{\"error\":\"malformed request body\"}".getBytes(StandardCharsets.UTF_8);

    @ExceptionHandler(Exception.class)
    @Nullable
    ResponseEntity<?> unexpected(Exception e) {
        // A client that hung up mid-response (an aborted download) costs nothing, not even a log line.
        if (DisconnectedClientHelper.isClientDisconnectedException(e)) return null;
        if (BodyLimit.exceeded(e)) return tooLarge();
        // The framework's own 4xx (a missing header, an unacceptable Accept) carry their status.
        if (e instanceof ErrorResponse known && !known.getStatusCode().is5xxServerError()) {
            return body(known.getStatusCode(), "bad request");
        }
        log.error("unexpected failure", e);
        return body(HttpStatus.INTERNAL_SERVER_ERROR, "internal error");
    }

    /** Reached by the container's own refusals (a malformed URI, a body too large) and by anything unhandled. */
    @RequestMapping("/error")
    ResponseEntity<byte[]> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer i ? HttpStatus.resolve(i) : null;
        if (status == null || !status.isError()) status = HttpStatus.NOT_FOUND;
        return body(
                status,
                status.is5xxServerError()
                        ? "internal error"
                        : status.getReasonPhrase().toLowerCase());
    }
}
