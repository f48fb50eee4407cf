package bench.play.bookings;

import bench.play.Errors;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.util.ByteString;
import play.db.Database;
import play.mvc.Http;
import play.mvc.Result;

/** POST /bookings. TODO(helper): the whole workload. */
public final class Bookings {
    public Bookings(Database database, Executor databaseExecutor, ActorSystem system) {}

    public CompletionStage<Result> book(Http.RequestHeader request, ByteString body) {
        return CompletableFuture.completedFuture(Errors.of(400, "not yet"));
    }
}
