package bench.mvc.bookings;

import bench.mvc.Errors;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * The retry policy of spec/API.md §6.5, around the whole transaction: deadlock (1213), lock wait timeout (1205)
 * and a lost race to insert the first aggregate (1062) roll back and run again, up to 5 attempts, after a
 * random 5–50 ms × attempt pause. Still failing, or no pooled connection within the acquire timeout: 503.
 */
@Component
class Retry {

  static final int ATTEMPTS = 5;
  private static final Set<Integer> TRANSIENT = Set.of(1213, 1205, 1062);

  <T> T run(Supplier<T> transaction) {
    for (int attempt = 1; ; attempt++) {
      try {
        return transaction.get();
      } catch (RuntimeException e) {
        if (poolExhausted(e)) throw new Errors.Busy("no database connection free; try again");
        if (!isTransient(e)) throw e;
        if (attempt == ATTEMPTS) throw new Errors.Busy("the booking kept conflicting; try again");
        pause(attempt);
      }
    }
  }

  static boolean isTransient(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql && TRANSIENT.contains(sql.getErrorCode())) return true;
    }
    return false;
  }

  static boolean poolExhausted(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLTransientConnectionException) return true;
    }
    return false;
  }

  static Duration backoff(int attempt) {
    return Duration.ofMillis(ThreadLocalRandom.current().nextLong(5, 51) * attempt);
  }

  private static void pause(int attempt) {
    try {
      Thread.sleep(backoff(attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Errors.Busy("interrupted while retrying");
    }
  }
}
