package bench.spring5.bookings;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcTimeoutException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * The retry policy of spec/API.md §6.5: deadlock (1213), lock wait timeout (1205) and duplicate key (1062,
 * two first sales of a product racing to INSERT) roll back and run the whole transaction again, at most 5
 * attempts in all, waiting a random 5–50 ms × n before attempt n+1.
 */
final class Retries {

  static final int ATTEMPTS = 5;
  private static final Set<Integer> RETRYABLE = Set.of(1213, 1205, 1062);

  private Retries() {}

  static Retry policy() {
    return Retry.from(signals -> signals.concatMap(signal -> {
      long retry = signal.totalRetries() + 1;
      if (!retryable(signal.failure()) || retry >= ATTEMPTS) {
        return Mono.error(signal.failure());
      }
      return Mono.delay(Duration.ofMillis(ThreadLocalRandom.current().nextLong(5, 51) * retry));
    }));
  }

  /** The MariaDB error code under Spring's translated exception, if any. */
  static boolean retryable(Throwable error) {
    for (Throwable e = error; e != null; e = e.getCause()) {
      if (e instanceof R2dbcException r2dbc && RETRYABLE.contains(r2dbc.getErrorCode())) {
        return true;
      }
    }
    return false;
  }

  /**
   * No connection free within the pool's acquire timeout (r2dbc-pool's R2dbcTimeoutException over Reactor's
   * TimeoutException), under whatever Spring wrapped it in: saturated, not broken.
   */
  static boolean poolExhausted(Throwable error) {
    for (Throwable e = error; e != null; e = e.getCause()) {
      if (e instanceof R2dbcTimeoutException && e.getCause() instanceof TimeoutException) {
        return true;
      }
    }
    return false;
  }
}
