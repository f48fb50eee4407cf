package bench.spring5.hello;

import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ReactiveHttpOutputMessage;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.BodyInserter;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * GET /hello: the framework-overhead baseline, so nothing but the fixed body. The body is encoded once and written
 * as is with its length, also written once: {@code bodyValue(String)} would pick a message writer and encode the string per request.
 */
@Component
public class Hello {

    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    private static final String LENGTH = String.valueOf(BODY.length);
    private static final String TEXT = "text/plain;charset=UTF-8";

    private static final BodyInserter<byte[], ReactiveHttpOutputMessage> FIXED_BODY = (response, context) -> {
        HttpHeaders headers = response.getHeaders();
        headers.set(HttpHeaders.CONTENT_TYPE, TEXT);
        headers.set(HttpHeaders.CONTENT_LENGTH, LENGTH);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(BODY)));
    };

    public Mono<ServerResponse> get(ServerRequest request) {
        return ServerResponse.ok().body(FIXED_BODY);
    }
}
