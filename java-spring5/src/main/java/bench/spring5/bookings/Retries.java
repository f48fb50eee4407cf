package bench.spring5.bookings;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.pool.PoolShutdownException;
import reactor.util.retry.Retry;

/**
 * The retry policy of spec/API.md §6.5: deadlock (1213), lock wait timeout (1205) and duplicate key (1062,
 * two first sales of a product racing to INSERT) roll back and run the whole transaction again, at most 5
 * attempts in all, waiting a random 5–50 ms × n before attempt n+1.
 */
final class Retries {

  static final int ATTEMPTS = 5;
  private static final Set<Integer> RETRYABLE = Set.of(1213, 1205, 1062);
  private static final Set<Integer> GOING_AWAY = Set.of(1053, 1927);

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
   * The database is unavailable, not the request wrong (spec/API.md §6.5), under whatever Spring wrapped it in: no
   * connection within the pool's acquire timeout, none to be had, the connection lost under the transaction, or
   * the server going away (1053, 1927). The acquire deadline is Reactor's TimeoutException. The server's own
   * errors carry their code (1213 and 1205 are transient and timeout exceptions too); the pool's failed
   * validation and the driver's closed connection carry none. Netty's and the JDK's exceptions are a socket that
   * closed or never opened. A pool shut down is the server going away (a request begun as the SIGTERM drain ended).
   */
  static boolean unavailable(Throwable error) {
    for (Throwable e = error; e != null; e = e.getCause()) {
      if (e instanceof TimeoutException || e instanceof IOException || e instanceof AbortedException
          || e instanceof PoolShutdownException) {
        return true;
      }
      if (e instanceof R2dbcException r2dbc && (GOING_AWAY.contains(r2dbc.getErrorCode()) || r2dbc.getErrorCode() == 0
          && (e instanceof R2dbcTimeoutException || e instanceof R2dbcNonTransientResourceException
              || e instanceof R2dbcTransientResourceException))) {
        return true;
      }
    }
    return false;
  }
}
