package bench.play.bookings;

import bench.play.Errors;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import play.db.Database;
import play.mvc.Http;
import play.mvc.Result;

/** GET /aggregates. TODO(helper): the whole workload. */
public final class Aggregates {
    public Aggregates(Database database, Executor databaseExecutor) {}

    public CompletionStage<Result> aggregates(Http.RequestHeader request) {
        return CompletableFuture.completedFuture(Errors.of(400, "not yet"));
    }
}
