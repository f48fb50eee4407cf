package bench.play.event;

import bench.play.Errors;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.util.ByteString;
import play.mvc.Http;
import play.mvc.Result;

/** POST /event. TODO(helper): the whole workload. */
public final class EventEcho {
    public CompletionStage<Result> echo(Http.RequestHeader request, ByteString body) {
        return CompletableFuture.completedFuture(Errors.of(400, "not yet"));
    }
}
