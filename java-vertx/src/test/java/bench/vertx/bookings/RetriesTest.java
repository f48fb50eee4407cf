package bench.vertx.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.bookings.RetryRule;
import bench.vertx.HttpError;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxException;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.mysqlclient.MySQLConnectOptions;
import io.vertx.mysqlclient.MySQLException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(VertxExtension.class)
class RetriesTest {
    @Test
    void retriesDeadlocksLockTimeoutsAndDuplicateKeysOnly() {
        for (int code : new int[] {1213, 1205, 1062}) {
            assertTrue(Retries.retryable(new MySQLException("x", code, "40001")), "code " + code);
        }
        assertFalse(Retries.retryable(new MySQLException("out of range", 1264, "22003")));
        assertTrue(BookingStore.totalOverflow(new MySQLException("out of range", 1264, "22003")), "a 409 instead");
        assertFalse(BookingStore.totalOverflow(new MySQLException("deadlock", 1213, "40001")));
        assertFalse(Retries.retryable(new IllegalStateException("not a database error")));
    }

    @Test
    void unavailableIsNoConnectionALostOneOrTheServerGoingAway() {
        assertTrue(Retries.unavailable(ClosedConnectionException.INSTANCE));
        assertTrue(Retries.unavailable(new ConnectException("Connection refused")));
        assertTrue(Retries.unavailable(new VertxException("Pending requests failed", new IOException("reset"))));
        assertTrue(Retries.unavailable(new MySQLException("shutdown", 1053, "08S01")));
        assertTrue(Retries.unavailable(new MySQLException("killed", 1927, "70100")));
        assertTrue(Retries.unavailable(Future.failedFuture("Timeout").cause()), "the pool's acquire timeout");
        assertTrue(Retries.unavailable(new VertxException("Pool closed", true)));
    }

    @Test
    void anyOtherFailureIsNotUnavailable() {
        assertFalse(Retries.unavailable(new MySQLException("deadlock", 1213, "40001")));
        assertFalse(Retries.unavailable(new MySQLException("Access denied for user", 1045, "28000")));
        assertFalse(Retries.unavailable(new MySQLException("Timeout", 1205, "HY000")));
        assertFalse(Retries.unavailable(new VertxException("Something else went wrong")));
        assertFalse(Retries.unavailable(new IllegalStateException("Timeout")));
    }

    @Test
    void aRetryableFailureRunsAgainFiveTimesThenIsBusy(Vertx vertx, VertxTestContext test) {
        AtomicInteger attempts = new AtomicInteger();
        new Retries(vertx)
                .run(() -> {
                    attempts.incrementAndGet();
                    return Future.failedFuture(new MySQLException("Deadlock found", 1213, "40001"));
                })
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertEquals(RetryRule.ATTEMPTS, attempts.get());
                    assertEquals(503, assertInstanceOf(HttpError.class, failure).status());
                    test.completeNow();
                })));
    }

    /** The pool's real acquire timeout: the only connection it may open is stuck in a handshake nobody answers. */
    @Test
    void noConnectionWithinTheAcquireTimeoutIsUnavailable(Vertx vertx, VertxTestContext test) throws Exception {
        try (ServerSocket silent = new ServerSocket(0)) {
            expectUnavailable(vertx, pool(vertx, silent.getLocalPort(), "bench"), test);
            test.awaitCompletion(
                    5, TimeUnit.SECONDS); // then closing the listener ends the handshake, and the pool can close
        }
    }

    @Test
    void aConnectRefusedIsUnavailable(Vertx vertx, VertxTestContext test) throws IOException {
        int closedPort;
        try (ServerSocket free = new ServerSocket(0)) {
            closedPort = free.getLocalPort();
        }
        expectUnavailable(vertx, pool(vertx, closedPort, "bench"), test);
    }

    /**
     * A failure before any connection was handed over that is not the database being away: the AtomicBoolean this
     * replaced ("no connection yet") answered it 503; it is a 500 (the router's, for a failure that is not an
     * HttpError). Needs the MariaDB on 127.0.0.1:3307, as make unit provides.
     */
    @Test
    void aWrongPasswordIsNotUnavailable(Vertx vertx, VertxTestContext test) {
        Pool pool = pool(vertx, 3307, "not-the-password");
        new Retries(vertx)
                .run(() -> pool.withTransaction(conn -> conn.query("SELECT 1").execute()))
                .onComplete(test.failing(failure -> test.verify(() -> {
                    assertEquals(
                            1045,
                            assertInstanceOf(MySQLException.class, failure).getErrorCode());
                    pool.close();
                    test.completeNow();
                })));
    }

    private static Pool pool(Vertx vertx, int port, String password) {
        return MySQLBuilder.pool()
                .with(new PoolOptions()
                        .setMaxSize(1)
                        .setConnectionTimeout(200)
                        .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS))
                .connectingTo(new MySQLConnectOptions()
                        .setHost("127.0.0.1")
                        .setPort(port)
                        .setDatabase("bench")
                        .setUser("bench")
                        .setPassword(password))
                .using(vertx)
                .build();
    }

    /** The transaction through {@code pool} fails at once with the 503 "unavailable" answer, not after retries. */
    private static void expectUnavailable(Vertx vertx, Pool pool, VertxTestContext test) {
        AtomicInteger attempts = new AtomicInteger();
        new Retries(vertx)
                .run(() -> {
                    attempts.incrementAndGet();
                    return pool.withTransaction(conn -> conn.query("SELECT 1").execute());
                })
                .onComplete(test.failing(failure -> test.verify(() -> {
                    HttpError error = assertInstanceOf(HttpError.class, failure);
                    assertEquals(503, error.status());
                    assertEquals(HttpError.unavailable().getMessage(), error.getMessage());
                    assertEquals(1, attempts.get());
                    test.completeNow();
                })));
    }
}
