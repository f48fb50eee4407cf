package bench.vertx.bookings;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.mysqlclient.MySQLException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

class BookingStoreTest {
  @Test
  void retriesDeadlocksLockTimeoutsAndDuplicateKeysOnly() {
    for (int code : new int[] {1213, 1205, 1062}) {
      assertTrue(BookingStore.retryable(new MySQLException("x", code, "40001")), "code " + code);
    }
    assertFalse(BookingStore.retryable(new MySQLException("out of range", 1264, "22003")));
    assertFalse(BookingStore.retryable(new IllegalStateException("not a database error")));
  }

  @Test
  void aConnectionClosedOrRefusedOrTheServerGoingAwayIsUnavailable() {
    assertTrue(BookingStore.connectionLost(ClosedConnectionException.INSTANCE));
    assertTrue(BookingStore.connectionLost(new ConnectException("Connection refused")));
    assertTrue(BookingStore.connectionLost(new MySQLException("shutdown", 1053, "08S01")));
    assertTrue(BookingStore.connectionLost(new MySQLException("killed", 1927, "70100")));
    assertFalse(BookingStore.connectionLost(new MySQLException("deadlock", 1213, "40001")));
    assertFalse(BookingStore.connectionLost(new IllegalStateException("not a database error")));
  }

  @Test
  void backoffGrowsWithTheAttempt() {
    for (int attempt = 1; attempt < BookingStore.MAX_ATTEMPTS; attempt++) {
      long delay = BookingStore.backoffMillis(attempt);
      assertTrue(delay >= 5L * attempt && delay <= 50L * attempt, "attempt " + attempt + ": " + delay);
    }
  }
}
