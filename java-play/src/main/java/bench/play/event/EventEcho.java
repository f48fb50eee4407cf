package bench.play.event;

import bench.contract.Refused;
import bench.contract.event.EventJson;
import bench.play.Errors;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.util.ByteString;
import play.mvc.Http;
import play.mvc.Result;
import play.mvc.Results;

/**
 * POST /event, behind {@link bench.play.Bodies}' 415 and 413: the body mapped to Event, Team and Stadium and those
 * typed objects written back, never the request, so unknown properties are dropped. Parsing a body of at most 1 MiB
 * is CPU work and blocks nothing, so it runs where the body arrived, on Pekko's dispatcher.
 */
public final class EventEcho {
    public CompletionStage<Result> echo(Http.RequestHeader request, ByteString body) {
        Result result;
        try {
            result = Results.ok(EventJson.write(EventJson.read(body.toArrayUnsafe())))
                    .as(Http.MimeTypes.JSON);
        } catch (Refused invalid) {
            result = Errors.of(invalid.status(), invalid.getMessage());
        }
        return CompletableFuture.completedFuture(result);
    }
}
