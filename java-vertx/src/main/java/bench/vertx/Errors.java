package bench.vertx;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
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
     * The router's failure handler. An HttpError is answered as it says; a bare status (BodyHandler's 413) or a client
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
        Future<Void> sent = send(response, status, message);
        if (status == 413) {
            sent.onComplete(v -> ctx.request().connection().close());
        }
    }

    /**
     * A connection-level failure. A peer that goes away (reset mid-download, closed mid-request) is its own
     * business, not an error of ours: nothing is logged for it.
     */
    public static void connectionFailed(Throwable failure) {
        if (!(failure instanceof IOException)) {
            LOG.log(System.Logger.Level.ERROR, "connection failed", failure);
        }
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
        return response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(new JsonObject().put("error", message).toBuffer());
    }

    private static String standardMessage(int status) {
        return switch (status) {
            case 400 -> "Bad request";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 415 -> "Unsupported media type";
            default -> "Request failed";
        };
    }
}
