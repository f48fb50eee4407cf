package bench.spring5.bookings;

import bench.contract.bookings.RetryRule;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.TransientDataAccessException;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.pool.PoolShutdownException;
import reactor.util.retry.Retry;

/**
 * The retry policy of spec/API.md §6.5: a deadlock, a lock wait timeout or a duplicate key (two first sales of a
 * product racing to INSERT its aggregate) rolls back and runs the whole transaction again, as often and after the
 * pauses java-contract's {@link RetryRule} says. The failures are told apart as Spring translates them:
 * DatabaseClient and the transaction manager turn the driver's R2dbcException into a DataAccessException.
 */
final class Retries {

    private Retries() {}

    /** Reactor's retry spec; once the attempts are spent, the last failure goes on as it was. */
    static Retry policy() {
        return Retry.max(RetryRule.ATTEMPTS - 1)
                .filter(Retries::retryable)
                .doBeforeRetryAsync(
                        retry -> Mono.delay(Duration.ofMillis(RetryRule.backoffMillis(retry.totalRetries() + 1)))
                                .then())
                .onRetryExhaustedThrow((spec, retry) -> retry.failure());
    }

    /**
     * r2dbc-mysql reports MariaDB's deadlock (1213) as a transient resource failure and its lock wait timeout (1205)
     * as a timeout, which Spring translates to TransientDataAccessException subclasses (a driver that reports a
     * deadlock as a rollback gets a PessimisticLockingFailureException, transient too); 1062 is a DuplicateKeyException.
     */
    static boolean retryable(Throwable error) {
        return error instanceof TransientDataAccessException || error instanceof DuplicateKeyException;
    }

    /**
     * The database is unavailable, not the request wrong (spec/API.md §6.5), under whatever Spring wrapped it in: no
     * connection within the pool's acquire timeout, none to be had, the connection lost under the transaction, or
     * the server going away (1053, 1927). The acquire deadline is Reactor's TimeoutException. The server's own
     * errors carry their code (1213 and 1205 are transient and timeout exceptions too); the pool's failed
     * validation and the driver's closed connection carry none. Netty's and the JDK's exceptions are a socket that
     * closed or never opened. A pool shut down is the server going away (a request begun as the SIGTERM drain ended).
     */
    static boolean unavailable(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof TimeoutException
                    || e instanceof IOException
                    || e instanceof AbortedException
                    || e instanceof PoolShutdownException) {
                return true;
            }
            if (e instanceof R2dbcException r2dbc
                    && (RetryRule.goingAway(r2dbc.getErrorCode())
                            || r2dbc.getErrorCode() == 0
                                    && (e instanceof R2dbcTimeoutException
                                            || e instanceof R2dbcNonTransientResourceException
                                            || e instanceof R2dbcTransientResourceException))) {
                return true;
            }
        }
        return false;
    }
}
