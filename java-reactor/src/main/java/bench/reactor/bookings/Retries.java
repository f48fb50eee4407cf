package bench.reactor.bookings;

import bench.contract.bookings.RetryRule;
import io.r2dbc.spi.R2dbcException;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * When the whole bookings transaction runs again (spec/API.md §6.5, java-contract's {@link RetryRule}), as
 * Reactor's retry spec: the driver's error code read through the causes, the pause a Reactor delay, then
 * {@link Exhausted}.
 */
public final class Retries {

    private Retries() {}

    /** The transaction kept failing the retryable way: the caller answers 503. */
    public static final class Exhausted extends RuntimeException {
        Exhausted(Throwable last) {
            super("transaction still conflicting after " + RetryRule.ATTEMPTS + " attempts", last, false, false);
        }
    }

    public static Retry policy() {
        return Retry.from(signals -> signals.concatMap(signal -> {
            Throwable failure = signal.failure();
            if (!retryable(failure)) {
                return Mono.error(failure);
            }
            long failedAttempt = signal.totalRetries() + 1;
            if (failedAttempt >= RetryRule.ATTEMPTS) {
                return Mono.error(new Exhausted(failure));
            }
            return Mono.delay(Duration.ofMillis(RetryRule.backoffMillis(failedAttempt)));
        }));
    }

    static boolean retryable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof R2dbcException e && RetryRule.retryable(e.getErrorCode())) {
                return true;
            }
        }
        return false;
    }
}
