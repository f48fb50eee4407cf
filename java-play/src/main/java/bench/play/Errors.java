package bench.play;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import play.http.HttpErrorHandler;
import play.libs.Json;
import play.mvc.Http;
import play.mvc.Result;
import play.mvc.Results;

/**
 * The only place a 4xx/5xx body is written: always {"error": "..."}, never a stack trace, class name or SQL. Play
 * calls it as the application's {@link HttpErrorHandler} (no route: 404; a body over the limit: 413; a request it
 * cannot read: 400; an action that failed: 500), and the actions call {@link #of} for the contract's own errors.
 */
public final class Errors implements HttpErrorHandler {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Errors.class);

    public static Result of(int status, String message) {
        return Results.status(status, Json.newObject().put("error", message)).as("application/json");
    }

    public static Result methodNotAllowed(String allow) {
        return of(405, "Method not allowed").withHeader("Allow", allow);
    }

    @Override
    public CompletionStage<Result> onClientError(Http.RequestHeader request, int status, String message) {
        Result result = of(status, standardMessage(status));
        if (status == 413) {
            // The rest of a body over the limit is never read: this connection cannot carry another request.
            result = result.withHeader("Connection", "close");
        }
        return CompletableFuture.completedFuture(result);
    }

    @Override
    public CompletionStage<Result> onServerError(Http.RequestHeader request, Throwable failure) {
        LOG.error("{} {} failed", request.method(), request.path(), failure);
        return CompletableFuture.completedFuture(of(500, "Internal server error"));
    }

    static String standardMessage(int status) {
        return switch (status) {
            case 400 -> "Bad request";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 413 -> "Body is larger than 1 MiB";
            case 414 -> "Request target too long";
            case 415 -> "Unsupported media type";
            case 431 -> "Request header fields too large";
            default -> "Request failed";
        };
    }
}
