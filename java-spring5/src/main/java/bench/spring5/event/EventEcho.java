package bench.spring5.event;

import bench.contract.event.EventJson;
import bench.spring5.Bodies;
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
                .map(body -> EventJson.write(EventJson.read(body)))
                .flatMap(json -> ServerResponse.ok()
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(json));
    }
}
