package bench.vertx.bookings;

import bench.contract.bookings.RetryRule;
import bench.vertx.HttpError;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxException;
import io.vertx.mysqlclient.MySQLException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The failures of spec/API.md §6.5 (java-contract's {@link RetryRule}): a retryable one runs the whole transaction
 * again after the rule's pause on a Vert.x timer; a 5th such failure is a 503. The database unavailable is a 503 at once. Anything
 * else goes on as it failed, to the router's 500.
 */
public final class Retries {
    /**
     * No connection to be had, which Vert.x 5's pools (SqlConnectionPool, vertx-core's SimpleConnectionPool) and
     * SocketConnectionBase fail with as a plain VertxException, told apart by their message only: getConnection's (so
     * withTransaction's) acquire timeout, a pool query's, the pool closed, a connection closed as it was opened, and
     * commands meeting a connection closed since. RetriesTest pins the acquire timeout's against a real pool.
     */
    private static final Set<String> NO_CONNECTION = Set.of(
            "Timeout",
            "Timeout waiting for connection",
            "Pool closed",
            "Connection was closed",
            "Pending requests failed to be sent due to connection has been closed.",
            "Connection is not active now, current status: CLOSED",
            "Connection is not active now, current status: CLOSING");

    private final Vertx vertx;

    public Retries(Vertx vertx) {
        this.vertx = vertx;
    }

    /** The transaction's result, after as many attempts as its retryable failures allow. */
    public <T> Future<T> run(Supplier<Future<T>> transaction) {
        return attempt(transaction, 1);
    }

    private <T> Future<T> attempt(Supplier<Future<T>> transaction, int attempt) {
        return transaction.get().recover(failure -> {
            if (unavailable(failure)) {
                return Future.failedFuture(HttpError.unavailable());
            }
            if (!retryable(failure)) {
                return Future.failedFuture(failure);
            }
            if (attempt == RetryRule.ATTEMPTS) {
                return Future.failedFuture(HttpError.busy());
            }
            return vertx.timer(RetryRule.backoffMillis(attempt)).compose(v -> attempt(transaction, attempt + 1));
        });
    }

    static boolean retryable(Throwable failure) {
        return failure instanceof MySQLException e && RetryRule.retryable(e.getErrorCode());
    }

    /**
     * The database unavailable, not the request failing: no connection within the acquire timeout or none to be had,
     * a connect refused or unanswered (Netty's ConnectException and ConnectTimeoutException are IOExceptions), the
     * connection lost under the transaction, or the server going away.
     */
    static boolean unavailable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof IOException
                    || t instanceof ClosedConnectionException
                    || t instanceof MySQLException e && RetryRule.goingAway(e.getErrorCode())
                    || t instanceof VertxException && NO_CONNECTION.contains(t.getMessage())) {
                return true;
            }
        }
        return false;
    }
}
