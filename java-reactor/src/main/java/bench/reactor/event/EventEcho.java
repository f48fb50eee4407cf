package bench.reactor.event;

import bench.reactor.Bodies;
import bench.reactor.Http;
import bench.reactor.HttpError;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * POST /event: bytes → strict UTF-8 → Event/Team/Stadium records → the canonical encoding. The work is a few
 * microseconds of CPU per request, so it stays on the event loop that read the body.
 */
public final class EventEcho {

    public Publisher<Void> post(HttpServerRequest req, HttpServerResponse res) {
        if (!Http.JSON.equals(Http.mediaType(req))) {
            return Http.error(res, HttpError.unsupportedMediaType(Http.JSON));
        }
        return Http.respond(
                res,
                Bodies.read(req)
                        .map(EventEcho::echo)
                        .flatMap(body -> Mono.from(Http.json(res, HttpResponseStatus.OK, body))));
    }

    static byte[] echo(byte[] body) {
        Event event = decode(body);
        try {
            return EventJson.write(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an Event always serializes", e);
        }
    }

    static Event decode(byte[] body) {
        Event event;
        try {
            event = EventJson.read(Bodies.utf8(body));
        } catch (IOException notJson) {
            event = null;
        }
        if (event == null) {
            throw HttpError.badRequest("Body is not an Event");
        }
        if (hasLoneSurrogate(event)) {
            throw HttpError.badRequest("Body contains a lone surrogate");
        }
        return event;
    }

    /** Escapes such as "\ud800" decode to a lone UTF-16 surrogate, which has no UTF-8 encoding to echo. */
    private static boolean hasLoneSurrogate(Event event) {
        if (Bodies.hasLoneSurrogate(event.eventName())) {
            return true;
        }
        for (Team team : event.teams()) {
            if (Bodies.hasLoneSurrogate(team.name())
                    || Bodies.hasLoneSurrogate(team.country())
                    || Bodies.hasLoneSurrogate(team.stadium().name())) {
                return true;
            }
        }
        return false;
    }
}
