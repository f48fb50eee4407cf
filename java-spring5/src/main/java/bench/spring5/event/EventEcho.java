package bench.spring5.event;

import bench.spring5.Bodies;
import bench.spring5.Json;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** POST /event: the body mapped onto {@link Event} and written back canonically, never re-echoed as received. */
@Component
public class EventEcho {

  public Mono<ServerResponse> echo(ServerRequest request) {
    Bodies.require(request, "application/json", MediaType.APPLICATION_JSON);
    return Bodies.read(request)
        .map(body -> Event.from(Json.parse(body)).toCanonicalJson().getBytes(StandardCharsets.UTF_8))
        .flatMap(json -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(json));
  }
}
