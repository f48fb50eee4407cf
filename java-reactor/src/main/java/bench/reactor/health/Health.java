package bench.reactor.health;

import bench.reactor.Http;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** GET /health: SELECT 1 through the application's own pool, DOWN after 2 s or on any failure. */
public final class Health {

    private static final Duration LIMIT = Duration.ofSeconds(2);
    private static final byte[] UP = "{\"status\":\"UP\"}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DOWN = "{\"status\":\"DOWN\"}".getBytes(StandardCharsets.US_ASCII);

    private final ConnectionPool pool;

    public Health(ConnectionPool pool) {
        this.pool = pool;
    }

    public Publisher<Void> get(HttpServerRequest req, HttpServerResponse res) {
        return selectOne()
                .timeout(LIMIT)
                .map(ok -> true)
                .onErrorReturn(false)
                .flatMap(up -> Mono.from(
                        up
                                ? Http.json(res, HttpResponseStatus.OK, UP)
                                : Http.json(res, HttpResponseStatus.SERVICE_UNAVAILABLE, DOWN)));
    }

    private Mono<Integer> selectOne() {
        return Mono.usingWhen(
                pool.create(),
                (Connection c) -> Flux.from(c.createStatement("SELECT 1").execute())
                        .flatMap(result -> result.map((row, meta) -> row.get(0, Integer.class)))
                        .next(),
                Connection::close);
    }
}
