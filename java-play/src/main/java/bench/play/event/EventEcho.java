package bench.play.event;

import bench.play.Errors;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    private final EventJson json;

    public EventEcho(ObjectMapper mapper) {
        this.json = new EventJson(mapper);
    }

    public CompletionStage<Result> echo(Http.RequestHeader request, ByteString body) {
        Result result;
        try {
            result = Results.ok(json.write(json.read(body))).as(Http.MimeTypes.JSON);
        } catch (EventJson.InvalidEvent invalid) {
            result = Errors.of(400, invalid.getMessage());
        }
        return CompletableFuture.completedFuture(result);
    }
}
