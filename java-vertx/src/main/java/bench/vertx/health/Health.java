package bench.vertx.health;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import io.vertx.sqlclient.Pool;
import java.util.concurrent.TimeUnit;

/** GET /health: UP when {@code SELECT 1} through the stack's own pool answers within 2 s. */
public final class Health implements Handler<RoutingContext> {
    private static final long TIMEOUT_MS = 2000;
    private final Pool pool;

    public Health(Pool pool) {
        this.pool = pool;
    }

    @Override
    public void handle(RoutingContext ctx) {
        pool.query("SELECT 1")
                .execute()
                .timeout(TIMEOUT_MS, TimeUnit.MILLISECONDS)
                .onComplete(result -> {
                    if (ctx.response().ended()) {
                        return; // a chunked body that broke was answered 400 meanwhile (Errors.malformedBody)
                    }
                    boolean up = result.succeeded();
                    ctx.response()
                            .setStatusCode(up ? 200 : 503)
                            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                            .end(up ? "{\"status\":\"UP\"}" : "{\"status\":\"DOWN\"}");
                });
    }
}
