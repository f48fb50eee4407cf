package bench.spring5.bookings;

import static org.assertj.core.api.Assertions.assertThat;

import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.transaction.CannotCreateTransactionException;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.pool.PoolShutdownException;
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
  void noConnectionOrALostOneIsUnavailableNotFailure() {
    Throwable acquire = new CannotCreateTransactionException("translated",
        new R2dbcTimeoutException("acquire", new TimeoutException()));
    assertThat(Retries.unavailable(acquire)).isTrue();
    assertThat(Retries.retryable(acquire)).isFalse();
    assertThat(Retries.unavailable(new CannotCreateTransactionException("translated", new TimeoutException("deadline")))).isTrue();
    assertThat(Retries.unavailable(new CannotCreateTransactionException("translated", new ConnectException("refused")))).isTrue();
    assertThat(Retries.unavailable(new DataAccessResourceFailureException("translated",
        new R2dbcNonTransientResourceException("Connection validation failed")))).isTrue();
    assertThat(Retries.unavailable(new RuntimeException("cleanup", new AbortedException("closed")))).isTrue();
    assertThat(Retries.unavailable(new CannotCreateTransactionException("translated", new PoolShutdownException()))).isTrue();
    assertThat(Retries.unavailable(mariaDb(1053))).isTrue();
    assertThat(Retries.unavailable(mariaDb(1927))).isTrue();
  }

  @Test
  void theServersConflictsAndErrorsAreNotUnavailable() {
    assertThat(Retries.unavailable(mariaDb(1205))).isFalse();
    assertThat(Retries.unavailable(mariaDb(1213))).isFalse();
    assertThat(Retries.unavailable(mariaDb(1264))).isFalse();
    assertThat(Retries.unavailable(new IllegalStateException())).isFalse();
  }
}
