package bench.reactor.bookings;

import io.r2dbc.spi.R2dbcException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * When the whole bookings transaction runs again (spec/API.md §6.5): on deadlock (1213), lock wait timeout
 * (1205) and duplicate key (1062, two first sales of one product racing to INSERT its aggregate). Five
 * attempts in all, a random 5–50 ms × n before attempt n+1, then {@link Exhausted}.
 */
public final class Retries {

    static final int ATTEMPTS = 5;
    private static final Set<Integer> TRANSIENT = Set.of(1213, 1205, 1062);

    private Retries() {}

    /** The transaction kept failing the retryable way: the caller answers 503. */
    public static final class Exhausted extends RuntimeException {
        Exhausted(Throwable last) {
            super("transaction still conflicting after " + ATTEMPTS + " attempts", last, false, false);
        }
    }

    public static Retry policy() {
        return Retry.from(signals -> signals.concatMap(signal -> {
            Throwable failure = signal.failure();
            if (!retryable(failure)) {
                return Mono.error(failure);
            }
            long failedAttempt = signal.totalRetries() + 1;
            if (failedAttempt >= ATTEMPTS) {
                return Mono.error(new Exhausted(failure));
            }
            return Mono.delay(backoff(failedAttempt));
        }));
    }

    static Duration backoff(long attempt) {
        return Duration.ofMillis(ThreadLocalRandom.current().nextLong(5, 51) * attempt);
    }

    static boolean retryable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof R2dbcException e && TRANSIENT.contains(e.getErrorCode())) {
                return true;
            }
        }
        return false;
    }
}
