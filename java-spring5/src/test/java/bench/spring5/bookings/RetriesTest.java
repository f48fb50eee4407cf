package bench.spring5.bookings;

import static org.assertj.core.api.Assertions.assertThat;

import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.transaction.CannotCreateTransactionException;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class RetriesTest {

  private static Throwable mariaDb(int code) {
    return new DataIntegrityViolationException("translated", new R2dbcTransientResourceException("x", "40001", code));
  }

  @Test
  void deadlockLockWaitAndDuplicateKeyAreRetriedUpToFiveAttempts() {
    AtomicInteger attempts = new AtomicInteger();
    Mono<Object> failing = Mono.defer(() -> {
      attempts.incrementAndGet();
      return Mono.error(mariaDb(1213));
    });
    StepVerifier.create(failing.retryWhen(Retries.policy())).expectError().verify();
    assertThat(attempts).hasValue(Retries.ATTEMPTS);
    assertThat(Retries.retryable(mariaDb(1205))).isTrue();
    assertThat(Retries.retryable(mariaDb(1062))).isTrue();
  }

  @Test
  void otherErrorsAreNotRetried() {
    AtomicInteger attempts = new AtomicInteger();
    Mono<Object> failing = Mono.defer(() -> {
      attempts.incrementAndGet();
      return Mono.error(mariaDb(1264));
    });
    StepVerifier.create(failing.retryWhen(Retries.policy())).expectError().verify();
    assertThat(attempts).hasValue(1);
  }

  @Test
  void anAcquireTimeoutOfThePoolIsSaturationNotFailure() {
    Throwable acquire = new CannotCreateTransactionException("translated",
        new R2dbcTimeoutException("acquire", new TimeoutException()));
    assertThat(Retries.poolExhausted(acquire)).isTrue();
    assertThat(Retries.retryable(acquire)).isFalse();
    assertThat(Retries.poolExhausted(mariaDb(1205))).isFalse();
  }
}
