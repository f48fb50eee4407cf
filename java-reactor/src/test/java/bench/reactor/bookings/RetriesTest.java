package bench.reactor.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.bookings.RetryRule;
import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class RetriesTest {

    @Test
    void deadlockLockWaitAndDuplicateKeyAreRetried() {
        assertTrue(Retries.retryable(new R2dbcTransientResourceException("deadlock", "40001", 1213)));
        assertTrue(Retries.retryable(new R2dbcTransientResourceException("lock wait", "HY000", 1205)));
        assertTrue(Retries.retryable(new R2dbcDataIntegrityViolationException("duplicate", "23000", 1062)));
        assertFalse(Retries.retryable(new R2dbcDataIntegrityViolationException("out of range", "22003", 1264)));
        assertFalse(Retries.retryable(new IllegalStateException()));
    }

    @Test
    void fiveAttemptsInAllThenExhausted() {
        AtomicInteger attempts = new AtomicInteger();
        Mono<Long> alwaysDeadlocked = Mono.defer(() -> {
            attempts.incrementAndGet();
            return Mono.error(new R2dbcTransientResourceException("deadlock", "40001", 1213));
        });
        StepVerifier.create(alwaysDeadlocked.retryWhen(Retries.policy()))
                .expectError(Retries.Exhausted.class)
                .verify(Duration.ofSeconds(5));
        assertEquals(RetryRule.ATTEMPTS, attempts.get());
    }

    @Test
    void otherErrorsAreNotRetried() {
        AtomicInteger attempts = new AtomicInteger();
        Mono<Long> overflow = Mono.defer(() -> {
            attempts.incrementAndGet();
            return Mono.error(new R2dbcDataIntegrityViolationException("out of range", "22003", 1264));
        });
        StepVerifier.create(overflow.retryWhen(Retries.policy()))
                .expectError(R2dbcDataIntegrityViolationException.class)
                .verify();
        assertEquals(1, attempts.get());
    }
}
