package bench.mvc.health;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code SELECT 1} through the application's own pool within 2 s. The query timeout alone would not bound the
 * wait for a free connection (30 s), so the check runs on a virtual thread and is abandoned after 2 s.
 */
@RestController
class Health implements AutoCloseable {

    private static final Duration LIMIT = Duration.ofSeconds(2);
    private static final Map<String, String> UP = Map.of("status", "UP");
    private static final Map<String, String> DOWN = Map.of("status", "DOWN");

    private final JdbcTemplate jdbc;
    private final ExecutorService checks = Executors.newVirtualThreadPerTaskExecutor();

    Health(JdbcTemplate jdbc) {
        this.jdbc = new JdbcTemplate(jdbc.getDataSource());
        this.jdbc.setQueryTimeout((int) LIMIT.toSeconds());
    }

    @GetMapping(path = "/health", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, String>> health() {
        try {
            CompletableFuture.supplyAsync(() -> jdbc.queryForObject("SELECT 1", Integer.class), checks)
                    .get(LIMIT.toMillis(), TimeUnit.MILLISECONDS);
            return ResponseEntity.ok(UP);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(DOWN);
        } catch (Exception e) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(DOWN);
        }
    }

    @Override
    public void close() {
        checks.shutdownNow();
    }
}
