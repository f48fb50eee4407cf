package bench.reactor.hello;

import bench.reactor.Http;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import org.reactivestreams.Publisher;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** GET /hello: the baseline for framework overhead, so nothing but the fixed answer. */
public final class Hello {

    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    public Publisher<Void> get(HttpServerRequest req, HttpServerResponse res) {
        return Http.send(res, HttpResponseStatus.OK, "text/plain; charset=utf-8", BODY);
    }
}
