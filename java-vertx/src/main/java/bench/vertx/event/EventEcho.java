package bench.vertx.event;

import bench.contract.event.Event;
import bench.contract.event.EventJson;
import bench.vertx.Bodies;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/**
 * POST /event (after the media-type gate and the body limit): the body mapped to Event, Team and Stadium, and
 * those typed objects written back, never the request, so unknown properties are dropped.
 */
public final class EventEcho implements Handler<RoutingContext> {
    @Override
    public void handle(RoutingContext ctx) {
        Event event = EventJson.read(Bodies.bytes(ctx));
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(Buffer.buffer(EventJson.write(event)));
    }
}
