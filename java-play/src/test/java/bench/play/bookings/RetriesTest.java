package bench.play.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.Refused;
import bench.contract.bookings.RetryRule;
import java.io.EOFException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.pekko.actor.ActorSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The failures of spec/API.md §6.5 as MariaDB Connector/J and HikariCP raise them, through Play's JDBC wrapper. */
class RetriesTest {
    private static final ActorSystem SYSTEM = ActorSystem.create("retries-test");
    private final Retries retries = new Retries(SYSTEM);

    @AfterAll
    static void terminate() {
        SYSTEM.terminate();
    }

    /** Play's Java Database API wraps the SQLException a ConnectionCallable throws. */
    private static RuntimeException inPlay(SQLException e) {
        return new RuntimeException("Connection callable failed", e);
    }

    private static RuntimeException deadlock() {
        return inPlay(new SQLTransactionRollbackException("Deadlock found", "40001", 1213));
    }

    @Test
    void retriesDeadlocksLockTimeoutsAndDuplicateKeysOnly() {
        assertTrue(Retries.retryable(deadlock()));
        assertTrue(Retries.retryable(inPlay(new SQLTimeoutException("Lock wait timeout exceeded", "HY000", 1205))));
        assertTrue(Retries.retryable(
                inPlay(new SQLIntegrityConstraintViolationException("Duplicate entry", "23000", 1062))));
        assertFalse(Retries.retryable(inPlay(new SQLSyntaxErrorException("Out of range value", "22003", 1264))));
        assertFalse(Retries.retryable(
                inPlay(new SQLIntegrityConstraintViolationException("foreign key fails", "23000", 1452))));
        assertFalse(Retries.retryable(new IllegalStateException("not a database error")));
    }

    @Test
    void unavailableIsNoConnectionALostOneOrTheServerGoingAway() {
        assertTrue(Retries.unavailable(new SQLTransientConnectionException(
                "db - Connection is not available, request timed out after 2000ms")));
        assertTrue(Retries.unavailable(new SQLNonTransientConnectionException("Socket fail to connect", "08000")));
        assertTrue(Retries.unavailable(inPlay(new SQLNonTransientConnectionException("Connection reset", "08S01"))));
        assertTrue(Retries.unavailable(inPlay(new SQLException("Connection is closed"))), "HikariCP 7's, no SQLSTATE");
        assertTrue(Retries.unavailable(inPlay(new SQLException("Server shutdown in progress", "08S01", 1053))));
        assertTrue(Retries.unavailable(inPlay(new SQLTimeoutException("Connection was killed", "70100", 1927))));
        assertTrue(Retries.unavailable(inPlay(new SQLException("read failed", new EOFException()))));
    }

    @Test
    void anyOtherFailureIsNotUnavailable() {
        assertFalse(Retries.unavailable(deadlock()));
        assertFalse(Retries.unavailable(inPlay(new SQLException("Access denied for user", "28000", 1045))));
        assertFalse(Retries.unavailable(inPlay(new SQLTimeoutException("Lock wait timeout", "HY000", 1205))));
        assertFalse(Retries.unavailable(inPlay(new SQLSyntaxErrorException("Out of range value", "22003", 1264))));
        assertFalse(Retries.unavailable(new IllegalStateException("Connection is not available")));
    }

    @Test
    void aRetryableFailureRunsAgainUntilItSucceeds() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        CompletionStage<Long> result = retries.run(() -> attempts.incrementAndGet() < 3
                ? CompletableFuture.failedFuture(deadlock())
                : CompletableFuture.completedFuture(7L));
        assertEquals(7L, result.toCompletableFuture().get(5, TimeUnit.SECONDS));
        assertEquals(3, attempts.get());
    }

    @Test
    void aRetryableFailureRunsFiveTimesThenIsBusy() {
        AtomicInteger attempts = new AtomicInteger();
        Refused busy = assertInstanceOf(Refused.class, failure(failing(attempts, deadlock())));
        assertEquals(503, busy.status());
        assertEquals("1", Bookings.answer(busy).header("Retry-After").orElseThrow());
        assertEquals(RetryRule.ATTEMPTS, attempts.get());
    }

    @Test
    void theDatabaseUnavailableIs503AtOnce() {
        AtomicInteger attempts = new AtomicInteger();
        Refused away = assertInstanceOf(
                Refused.class, failure(failing(attempts, new SQLTransientConnectionException("no connection"))));
        assertEquals(503, away.status());
        assertEquals("1", Bookings.answer(away).header("Retry-After").orElseThrow());
        assertEquals(1, attempts.get());
    }

    @Test
    void anyOtherFailureGoesOnAsItFailedAfterOneAttempt() {
        for (RuntimeException failure : new RuntimeException[] {
            new Refused(409, RetryRule.TOTAL_OVERFLOW),
            inPlay(new SQLSyntaxErrorException("Unknown column", "42S22", 1054)),
            new IllegalStateException()
        }) {
            AtomicInteger attempts = new AtomicInteger();
            assertSame(failure, failure(failing(attempts, failure)));
            assertEquals(1, attempts.get());
        }
    }

    private static Supplier<CompletionStage<Long>> failing(AtomicInteger attempts, Exception failure) {
        return () -> {
            attempts.incrementAndGet();
            return CompletableFuture.failedFuture(failure);
        };
    }

    private Throwable failure(Supplier<CompletionStage<Long>> transaction) {
        try {
            retries.run(transaction).toCompletableFuture().get(5, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the transaction succeeded");
    }
}
