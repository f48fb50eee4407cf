package bench.play.health;

import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import play.db.Database;
import play.mvc.Result;
import play.mvc.Results;

/** GET /health: UP when the pool lends a connection that answers a ping within 2 s, on the database dispatcher. */
public final class Health {
    private static final int TIMEOUT_SECONDS = 2;
    private static final Result UP = Results.ok("{\"status\":\"UP\"}").as("application/json");
    private static final Result DOWN =
            Results.status(503, "{\"status\":\"DOWN\"}").as("application/json");

    private final Database database;
    private final Executor databaseExecutor;

    public Health(Database database, Executor databaseExecutor) {
        this.database = database;
        this.databaseExecutor = databaseExecutor;
    }

    public CompletionStage<Result> health() {
        return CompletableFuture.supplyAsync(this::ping, databaseExecutor)
                .completeOnTimeout(false, TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS)
                .thenApply(up -> up ? UP : DOWN);
    }

    private boolean ping() {
        try (Connection connection = database.getConnection()) {
            return connection.isValid(TIMEOUT_SECONDS);
        } catch (Exception unavailable) {
            return false;
        }
    }
}
