package bench.spring5.event;

import bench.spring5.Bodies;
import bench.spring5.HttpError;
import bench.spring5.Json;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** POST /event: the body bound onto {@link Event} and written back canonically, never re-echoed as received. */
@Component
public class EventEcho {

  public Mono<ServerResponse> echo(ServerRequest request) {
    Bodies.require(request, "application/json", MediaType.APPLICATION_JSON);
    return Bodies.read(request)
        .map(body -> Json.write(read(body)))
        .flatMap(json -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(json));
  }

  static Event read(byte[] body) {
    Event event = Json.bind(body, Event.class);
    if (!event.wellFormed()) {
      throw HttpError.badRequest("Invalid event: a string holds a lone surrogate");
    }
    return event;
  }
}
