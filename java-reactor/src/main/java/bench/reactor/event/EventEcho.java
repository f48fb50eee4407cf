package bench.reactor.event;

import bench.contract.event.EventJson;
import bench.reactor.Bodies;
import bench.reactor.Http;
import bench.reactor.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * POST /event: bytes → strict UTF-8 → Event/Team/Stadium records → the canonical encoding ({@link EventJson}). The
 * work is a few microseconds of CPU per request, so it stays on the event loop that read the body.
 */
public final class EventEcho {

    public Publisher<Void> post(HttpServerRequest req, HttpServerResponse res) {
        if (!Http.JSON.equals(Http.mediaType(req))) {
            return Http.error(res, HttpError.unsupportedMediaType(Http.JSON));
        }
        return Http.respond(
                res,
                Bodies.read(req)
                        .map(body -> EventJson.write(EventJson.read(body)))
                        .flatMap(body -> Mono.from(Http.json(res, HttpResponseStatus.OK, body))));
    }
}
