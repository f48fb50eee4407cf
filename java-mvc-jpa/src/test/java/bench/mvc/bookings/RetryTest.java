package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.mvc.Errors;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.hibernate.TransactionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.orm.jpa.JpaSystemException;
import org.springframework.transaction.CannotCreateTransactionException;

class RetryTest {

  private final Retry retry = new Retry();

  private static RuntimeException mariadb(int code) {
    return new CannotAcquireLockException("conflict", new SQLException("conflict", "40001", code));
  }

  @Test
  void retriesDeadlocksLockTimeoutsAndDuplicateKeys() {
    for (int code : new int[] {1213, 1205, 1062}) {
      AtomicInteger attempts = new AtomicInteger();
      int result = retry.run(() -> {
        if (attempts.incrementAndGet() < 3) throw mariadb(code);
        return 7;
      });
      assertThat(result).isEqualTo(7);
      assertThat(attempts).hasValue(3);
    }
  }

  @Test
  void givesUpAfterFiveAttemptsWith503() {
    AtomicInteger attempts = new AtomicInteger();
    assertThatThrownBy(() -> retry.run(() -> {
      attempts.incrementAndGet();
      throw mariadb(1213);
    })).isInstanceOf(Errors.Busy.class);
    assertThat(attempts).hasValue(Retry.ATTEMPTS);
  }

  @Test
  void otherErrorsAreNotRetried() {
    AtomicInteger attempts = new AtomicInteger();
    var overflow = new DataIntegrityViolationException("out of range", new SQLException("range", "22003", 1264));
    assertThatThrownBy(() -> retry.run(() -> {
      attempts.incrementAndGet();
      throw overflow;
    })).isSameAs(overflow);
    assertThat(attempts).hasValue(1);
  }

  @Test
  void anExhaustedPoolIs503() {
    assertThatThrownBy(() -> retry.run(() -> {
      throw new CannotAcquireLockException("pool", new SQLTransientConnectionException("timeout"));
    })).isInstanceOf(Errors.Busy.class);
  }

  @Test
  void aDatabaseRefusingLostOrGoingAwayIs503AndNotRetried() {
    for (RuntimeException failure : new RuntimeException[] {
        new CannotCreateTransactionException("open", new SQLNonTransientConnectionException("refused", "08000")),
        new DataAccessResourceFailureException("lost", new SQLException("Connection reset", "08S01", 0)),
        new JpaSystemException(new TransactionException("Unable to rollback against JDBC Connection",
            new SQLException("Connection is closed"))),
        mariadb(1053),
        mariadb(1927)}) {
      AtomicInteger attempts = new AtomicInteger();
      assertThatThrownBy(() -> retry.run(() -> {
        attempts.incrementAndGet();
        throw failure;
      })).isInstanceOf(Errors.Busy.class);
      assertThat(attempts).hasValue(1);
    }
  }

  @Test
  void backoffGrowsWithTheAttempt() {
    for (int attempt = 1; attempt <= 4; attempt++) {
      assertThat(Retry.backoff(attempt).toMillis()).isBetween(5L * attempt, 50L * attempt);
    }
  }
}
