package bench.spring5;

import bench.contract.Refused;
import java.nio.charset.StandardCharsets;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;

/**
 * Every error leaves as {@code {"error": "..."}} (spec/API.md §1.4), ahead of Boot's own error handler (order
 * -1) and its timestamp/path/status body. Framework exceptions keep their status and headers (Allow on 405)
 * but never their text, which may name classes or the framework.
 */
@Component
@Order(-2)
class ErrorResponses implements WebExceptionHandler {

    private static final Log log = LogFactory.getLog(ErrorResponses.class);

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable error) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.error(error);
        }
        // The client left, or CodecGuard closed the connection behind its own 400: nobody to answer, nothing to log.
        // Only this connection's closing counts: the database's sockets throw the same exceptions.
        if (DisconnectedClientHelper.isClientDisconnectedException(error) && closed(response)) {
            return Mono.empty();
        }
        HttpStatusCode status;
        String message;
        HttpHeaders headers = HttpHeaders.EMPTY;
        if (error instanceof HttpError http) {
            status = http.status();
            message = http.getMessage();
            headers = http.headers();
        } else if (error instanceof Refused refused) {
            status = HttpStatusCode.valueOf(refused.status());
            message = refused.getMessage();
        } else if (error instanceof DataBufferLimitException) {
            status = HttpStatus.CONTENT_TOO_LARGE;
            message = "Request body larger than 1 MiB";
        } else if (error instanceof ResponseStatusException framework) {
            status = framework.getStatusCode();
            message = status instanceof HttpStatus known ? known.getReasonPhrase() : "Request failed";
            headers = framework.getHeaders();
        } else {
            log.error(
                    "Unexpected failure on " + exchange.getRequest().getMethod() + " "
                            + exchange.getRequest().getPath().value(),
                    error);
            status = HttpStatus.INTERNAL_SERVER_ERROR;
            message = "Internal server error";
        }
        response.setStatusCode(status);
        response.getHeaders().addAll(headers);
        return write(response, message);
    }

    private static boolean closed(ServerHttpResponse response) {
        return ServerHttpResponseDecorator.getNativeResponse(response) instanceof Connection connection
                && !connection.channel().isActive();
    }

    static Mono<Void> write(ServerHttpResponse response, String message) {
        byte[] body = ("{\"error\":" + Json.quote(message) + "}").getBytes(StandardCharsets.UTF_8);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        response.getHeaders().setContentLength(body.length);
        return response.writeWith(
                Mono.fromSupplier(() -> response.bufferFactory().wrap(body)));
    }
}
