package bench.spring5.hello;

import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** GET /hello: the framework-overhead baseline, so nothing but the fixed body. */
@Component
public class Hello {

    private static final MediaType TEXT = new MediaType(MediaType.TEXT_PLAIN, StandardCharsets.UTF_8);

    public Mono<ServerResponse> get(ServerRequest request) {
        return ServerResponse.ok().contentType(TEXT).bodyValue("Hello, World!");
    }
}
