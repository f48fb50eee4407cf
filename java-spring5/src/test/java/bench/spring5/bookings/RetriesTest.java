package bench.spring5.bookings;

import static org.assertj.core.api.Assertions.assertThat;

import bench.contract.bookings.RetryRule;
import io.asyncer.r2dbc.mysql.message.server.ErrorMessage;
import io.netty.buffer.Unpooled;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.r2dbc.connection.ConnectionFactoryUtils;
import org.springframework.transaction.CannotCreateTransactionException;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.pool.PoolShutdownException;
import reactor.test.StepVerifier;

class RetriesTest {

    /** MariaDB's ERR packet for {@code code}, as r2dbc-mysql reads it and DatabaseClient translates it. */
    private static DataAccessException mariaDb(int code, String sqlState) {
        byte[] packet = ("\u00ff__#" + sqlState + "error " + code).getBytes(StandardCharsets.ISO_8859_1);
        packet[1] = (byte) code;
        packet[2] = (byte) (code >> 8);
        return ConnectionFactoryUtils.convertR2dbcException(
                "execute",
                "SQL",
                ErrorMessage.decode(Unpooled.wrappedBuffer(packet)).toException());
    }

    private static final DataAccessException DEADLOCK = mariaDb(1213, "40001");
    private static final DataAccessException LOCK_WAIT_TIMEOUT = mariaDb(1205, "HY000");
    private static final DataAccessException DUPLICATE_KEY = mariaDb(1062, "23000");
    private static final DataAccessException OUT_OF_RANGE = mariaDb(1264, "22003");

    private static int attempts(DataAccessException failure) {
        AtomicInteger attempts = new AtomicInteger();
        Mono<Object> failing = Mono.defer(() -> {
            attempts.incrementAndGet();
            return Mono.error(failure);
        });
        StepVerifier.create(failing.retryWhen(Retries.policy()))
                .expectErrorMatches(e -> e == failure)
                .verify();
        return attempts.get();
    }

    @Test
    void deadlockLockWaitAndDuplicateKeyAreRetriedUpToFiveAttemptsThenPassedOn() {
        assertThat(attempts(DEADLOCK)).isEqualTo(RetryRule.ATTEMPTS);
        assertThat(attempts(LOCK_WAIT_TIMEOUT)).isEqualTo(RetryRule.ATTEMPTS);
        assertThat(attempts(DUPLICATE_KEY)).isEqualTo(RetryRule.ATTEMPTS);
    }

    @Test
    void otherErrorsAreNotRetried() {
        assertThat(attempts(OUT_OF_RANGE)).isEqualTo(1);
        assertThat(Retries.retryable(new CannotCreateTransactionException("no connection", new TimeoutException())))
                .isFalse();
    }

    @Test
    void noConnectionOrALostOneIsUnavailableNotFailure() {
        Throwable acquire = new CannotCreateTransactionException(
                "translated", new R2dbcTimeoutException("acquire", new TimeoutException()));
        assertThat(Retries.unavailable(acquire)).isTrue();
        assertThat(Retries.retryable(acquire)).isFalse();
        assertThat(Retries.unavailable(new CannotCreateTransactionException("deadline", new TimeoutException())))
                .isTrue();
        assertThat(Retries.unavailable(new CannotCreateTransactionException("refused", new ConnectException())))
                .isTrue();
        assertThat(Retries.unavailable(new DataAccessResourceFailureException(
                        "translated", new R2dbcNonTransientResourceException("Connection validation failed"))))
                .isTrue();
        assertThat(Retries.unavailable(new RuntimeException("cleanup", new AbortedException("closed"))))
                .isTrue();
        assertThat(Retries.unavailable(new CannotCreateTransactionException("shut down", new PoolShutdownException())))
                .isTrue();
        assertThat(Retries.unavailable(mariaDb(1053, "08S01"))).isTrue();
        assertThat(Retries.unavailable(mariaDb(1927, "70100"))).isTrue();
        assertThat(Retries.retryable(mariaDb(1053, "08S01"))).isFalse();
    }

    @Test
    void theServersConflictsAndErrorsAreNotUnavailable() {
        assertThat(Retries.unavailable(DEADLOCK)).isFalse();
        assertThat(Retries.unavailable(LOCK_WAIT_TIMEOUT)).isFalse();
        assertThat(Retries.unavailable(DUPLICATE_KEY)).isFalse();
        assertThat(Retries.unavailable(OUT_OF_RANGE)).isFalse();
        assertThat(Retries.unavailable(new IllegalStateException())).isFalse();
    }
}
