package bench.vertx;

import bench.contract.Refused;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.util.Map;

/** The only place a 4xx/5xx body is written: always {"error": "..."}, never a stack trace, class name or SQL. */
public final class Errors {
    private static final System.Logger LOG = System.getLogger(Errors.class.getName());

    private Errors() {}

    /** Known route, wrong method. */
    public static Handler<RoutingContext> methodNotAllowed(String allow) {
        return ctx -> ctx.fail(new HttpError(405, "Method not allowed", Map.of("Allow", allow)));
    }

    /**
     * The router's failure handler. An HttpError or the contract's Refused is answered as it says; a bare status (BodyHandler's 413) or a client
     * error of vertx-web's gets its standard message; anything else is an unexpected failure, logged once and
     * answered with 500.
     */
    public static void handle(RoutingContext ctx) {
        HttpServerResponse response = ctx.response();
        Throwable failure = ctx.failure();
        int status;
        String message;
        if (failure instanceof HttpError error) {
            status = error.status();
            message = error.getMessage();
            error.headers().forEach(response::putHeader);
        } else if (failure instanceof Refused refused) {
            status = refused.status();
            message = refused.getMessage();
        } else if (ctx.statusCode() >= 400 && (failure == null || ctx.statusCode() < 500)) {
            // A bare status (BodyHandler's 413), or a client error vertx-web raised (a malformed query string).
            status = ctx.statusCode();
            message = status == 413 ? "Body is larger than 1 MiB" : standardMessage(status);
        } else {
            status = 500;
            message = "Internal server error";
            LOG.log(
                    System.Logger.Level.ERROR,
                    ctx.request().method() + " " + ctx.request().path() + " failed",
                    failure);
        }
        if (response.headWritten()) {
            // Part of the answer is already on the wire: all that is left is to cut the connection.
            ctx.request().connection().close();
            return;
        }
        if (status == 413) {
            // The rest of a body over the limit is never read: this connection cannot carry another request.
            response.putHeader(HttpHeaders.CONNECTION, "close");
        }
        send(response, status, message);
        if ("close".equals(response.headers().get(HttpHeaders.CONNECTION))) {
            // At once rather than once the answer is written: close() flushes it first, while Vert.x closes a channel
            // whose decoder refused the body right after this handler, dropping whatever was not flushed yet.
            ctx.request().connection().close();
        }
    }

    /**
     * The server's invalid request handler, for a request the decoder refused: RequestDecoder's request line (505 for
     * another major version) and field line count, Netty's Content-Length and Transfer-Encoding checks, a line or
     * header too long. It gets the error body (Vert.x's own handler sends none), then the connection is closed: the
     * decoder can no longer tell where the next request starts.
     */
    public static void invalidRequest(HttpServerRequest request) {
        int status = switch (request.decoderResult().cause()) {
            case RequestDecoder.UnsupportedVersion version -> 505;
            case TooLongHttpLineException line -> 414;
            case TooLongHttpHeaderException header -> 431;
            case null, default -> 400;
        };
        send(request.response().putHeader(HttpHeaders.CONNECTION, "close"), status, standardMessage(status));
        request.connection().close();
    }

    /**
     * The exception handler of a request with a chunked body, for a route that does not read it: Netty can still refuse
     * the body after the route began (a chunk size that is not hexadecimal, chunk data without its CRLF), and Vert.x
     * then closes the connection at once, so the 400 goes out from here, unless the route answered already. The route's
     * own answer, if it comes later, sees the response ended and is skipped. A route that reads the body replaces this
     * handler with its own (Bodies.limited).
     */
    public static Handler<Throwable> malformedBody(HttpServerRequest request) {
        return failure -> {
            if (!isMalformedRequest(failure)) {
                return;
            }
            HttpServerResponse response = request.response();
            if (!response.headWritten()) {
                send(response.putHeader(HttpHeaders.CONNECTION, "close"), 400, "Malformed request body");
            }
            request.connection().close();
        };
    }

    /** What Netty's HTTP decoder fails a request with: a DecoderException, or an IllegalArgumentException for a value. */
    public static boolean isMalformedRequest(Throwable failure) {
        return failure instanceof DecoderException || failure instanceof IllegalArgumentException;
    }

    /**
     * A connection-level failure. A peer that goes away (reset mid-download, closed mid-request, or its FIN before
     * its request's head was whole: Netty's PrematureChannelClosureException) is its own business, not an error of
     * ours: nothing is logged for it.
     */
    public static void connectionFailed(Throwable failure) {
        if (!isPeerGone(failure)) {
            LOG.log(System.Logger.Level.ERROR, "connection failed", failure);
        }
    }

    static boolean isPeerGone(Throwable failure) {
        return failure instanceof IOException || failure instanceof PrematureChannelClosureException;
    }

    /** 404 for a path no route matches (the router's error handler). */
    public static void notFound(RoutingContext ctx) {
        send(ctx.response(), 404, "Not found");
    }

    /** 400 for a request the router refused before any route ran (its own decoding of the path failed). */
    public static void badRequest(RoutingContext ctx) {
        send(ctx.response(), 400, "Bad request");
    }

    public static Future<Void> send(HttpServerResponse response, int status, String message) {
        Buffer body = new JsonObject().put("error", message).toBuffer();
        return response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                // Vert.x gives an answer to HEAD no Content-Length of its own; it does leave the body out.
                .putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(body.length()))
                .end(body);
    }

    private static String standardMessage(int status) {
        return switch (status) {
            case 400 -> "Bad request";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 414 -> "Request line too long";
            case 415 -> "Unsupported media type";
            case 431 -> "Request header fields too large";
            case 505 -> "HTTP version not supported";
            default -> "Request failed";
        };
    }
}
