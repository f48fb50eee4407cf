package bench.mvc.bookings;

import bench.mvc.Errors;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.hibernate.TransactionException;
import org.springframework.stereotype.Component;

/**
 * The retry policy of spec/API.md §6.5, around the whole transaction: deadlock (1213), lock wait timeout (1205)
 * and a lost race to insert the first aggregate (1062) roll back and run again, up to 5 attempts, after a
 * random 5–50 ms × attempt pause. Still failing, or the database unavailable: 503.
 */
@Component
class Retry {

  static final int ATTEMPTS = 5;
  private static final Set<Integer> TRANSIENT = Set.of(1213, 1205, 1062);
  // The server shutting down, or killing the connection as it does so.
  private static final Set<Integer> GOING_AWAY = Set.of(1053, 1927);

  <T> T run(Supplier<T> transaction) {
    for (int attempt = 1; ; attempt++) {
      try {
        return transaction.get();
      } catch (RuntimeException e) {
        if (unavailable(e)) throw new Errors.Busy("the database is unavailable; try again");
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

  /**
   * The database is unavailable, not the request wrong (spec/API.md §6.5): HikariCP's acquire timeout (a
   * transient connection exception), a connection refused or lost (the driver's connection exceptions, SQLState
   * class 08), or the server going away (1053, 1927); under whatever Spring and Hibernate wrapped it in. A
   * begin, commit or rollback that fails in JDBC has lost its connection too: once the driver reports the loss,
   * Hikari closes the connection, the rollback fails on it, and Spring throws that failure instead of the loss.
   */
  static boolean unavailable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException) return true;
      if (t instanceof TransactionException && t.getCause() instanceof SQLException) return true;
      if (t instanceof SQLException sql
          && (GOING_AWAY.contains(sql.getErrorCode()) || sql.getSQLState() != null && sql.getSQLState().startsWith("08"))) {
        return true;
      }
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
