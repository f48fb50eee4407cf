package bench.play.chat;

import bench.play.Errors;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.CoordinatedShutdown;
import play.api.mvc.Handler;
import play.libs.streams.Accumulator;
import play.mvc.EssentialAction;

/** GET /chat. TODO(helper): the whole workload. */
public final class Chat {
    public Chat(ActorSystem system, CoordinatedShutdown shutdown) {}

    /** Play's WebSocket handler for GET /chat (a play.api.mvc.WebSocket, which Play's Java API has no Handler for). */
    public Handler webSocket() {
        return EssentialAction.of(request -> Accumulator.done(Errors.of(426, "Upgrade required")));
    }
}
