package bench.spring5.health;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** GET /health: SELECT 1 through the application's own pool, within 2 s. */
@Component
public class Health {

    private static final Duration LIMIT = Duration.ofSeconds(2);

    private static final byte[] UP = "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] DOWN = "{\"status\":\"DOWN\"}".getBytes(StandardCharsets.UTF_8);

    private final DatabaseClient db;

    Health(DatabaseClient db) {
        this.db = db;
    }

    public Mono<ServerResponse> get(ServerRequest request) {
        return db.sql("SELECT 1")
                .map(row -> 1)
                .first()
                .timeout(LIMIT)
                .map(one -> true)
                .onErrorReturn(false)
                .defaultIfEmpty(false)
                .flatMap(up -> ServerResponse.status(up ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(up ? UP : DOWN));
    }
}
