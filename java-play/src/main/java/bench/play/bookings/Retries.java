package bench.play.bookings;

import bench.contract.Refused;
import bench.contract.bookings.RetryRule;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.pattern.Patterns;

/**
 * The failures of spec/API.md §6.5 (java-contract's {@link RetryRule}): a retryable one runs the whole transaction
 * again after the rule's pause on Pekko's scheduler: the attempt has given its connection and its database thread back by then, so the
 * pause holds neither. A 5th such failure is a 503. The database unavailable is a 503 at once. Anything else goes on
 * as it failed.
 */
public final class Retries {
    /** SQLSTATE class 08: connection exception. */
    private static final String CONNECTION_EXCEPTION = "08";
    /** What HikariCP's stand-in for a connection it has closed throws on every call. */
    private static final String HIKARI_CLOSED_CONNECTION = "Connection is closed";

    private final ActorSystem system;

    public Retries(ActorSystem system) {
        this.system = system;
    }

    /** The transaction's result, after as many attempts as its retryable failures allow. */
    public <T> CompletionStage<T> run(Supplier<CompletionStage<T>> transaction) {
        return attempt(transaction, 1);
    }

    private <T> CompletionStage<T> attempt(Supplier<CompletionStage<T>> transaction, int attempt) {
        return transaction.get().exceptionallyCompose(failure -> {
            Throwable cause = Bookings.unwrap(failure);
            if (unavailable(cause)) {
                return CompletableFuture.failedStage(new Refused(503, "The database is unavailable, try again"));
            }
            if (!retryable(cause)) {
                return CompletableFuture.failedStage(cause);
            }
            if (attempt == RetryRule.ATTEMPTS) {
                return CompletableFuture.failedStage(new Refused(503, "The booking kept conflicting, try again"));
            }
            return Patterns.after(
                    Duration.ofMillis(RetryRule.backoffMillis(attempt)),
                    system,
                    () -> attempt(transaction, attempt + 1));
        });
    }

    /** Lost a race another transaction won (Play's JDBC wraps the driver's SQLException): most likely wins next time. */
    static boolean retryable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException e && RetryRule.retryable(e.getErrorCode())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The database unavailable, not the request failing: no connection within the acquire deadline or none to be had
     * ({@link BookingStore} and HikariCP say so with an SQLTransientConnectionException), a connect refused or the
     * connection lost under the transaction (MariaDB Connector/J: SQLSTATE 08, an SQLNonTransientConnectionException;
     * HikariCP's closed connection), or the server going away. When the commit fails because the connection was lost,
     * HikariCP evicts the connection as broken and Play's {@code withTransaction} then rolls back on it: the rollback's
     * "Connection is closed" (HikariCP 7 gives it no SQLSTATE) replaces the commit's failure.
     */
    static boolean unavailable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException
                    || t instanceof SQLNonTransientConnectionException
                    || t instanceof IOException
                    || t instanceof SQLException e
                            && (RetryRule.goingAway(e.getErrorCode())
                                    || e.getSQLState() != null
                                            && e.getSQLState().startsWith(CONNECTION_EXCEPTION)
                                    || HIKARI_CLOSED_CONNECTION.equals(e.getMessage()))) {
                return true;
            }
        }
        return false;
    }
}
