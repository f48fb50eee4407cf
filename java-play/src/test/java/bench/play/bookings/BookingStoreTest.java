package bench.play.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.Refused;
import bench.contract.bookings.Allocation;
import bench.contract.bookings.ValidBooking;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLTransientConnectionException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import play.db.Database;

/**
 * The transaction and the acquire deadline against the real MariaDB on 127.0.0.1:3307 (make unit), on the shared
 * schema, under a model name of each test's own.
 */
class BookingStoreTest {
    private static final ActorSystem SYSTEM = ActorSystem.create("booking-store-test");
    private static final Database DATABASE = TestDatabase.open(4, "2 seconds");
    private static final ExecutorService EXECUTOR = Executors.newFixedThreadPool(4);

    private final BookingStore store = new BookingStore(DATABASE, EXECUTOR, SYSTEM);

    @AfterAll
    static void close() {
        EXECUTOR.shutdown();
        DATABASE.shutdown();
        SYSTEM.terminate();
    }

    static ValidBooking booking(String model, String value, String start, String end) {
        BigDecimal dollars = new BigDecimal(value);
        return new ValidBooking(
                "T-1",
                dollars,
                dollars.movePointRight(2).toBigIntegerExact(),
                LocalDate.parse(start),
                LocalDate.parse(end),
                LocalDateTime.of(2023, 11, 14, 22, 13, 20),
                null,
                model,
                "LE",
                "",
                null);
    }

    private static CompletionStage<Long> book(BookingStore store, ValidBooking booking) {
        return store.store(booking, Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate()));
    }

    private static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static Throwable failure(CompletionStage<?> stage) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> await(stage));
        return e.getCause();
    }

    @Test
    void booksTheRowAndAddsToEachPeriodUnderItsLock() throws Exception {
        String model = "store-" + UUID.randomUUID();
        long rowId = await(book(store, booking(model, "300.00", "2022-06-01", "2022-07-31")));
        ValidBooking cent = booking(model, "0.01", "2022-07-01", "2022-07-01");
        await(store.store(
                cent, List.of(new Allocation(20221, BigInteger.ZERO), new Allocation(20222, BigInteger.ONE))));

        DATABASE.withConnection(connection -> {
            try (PreparedStatement select = connection.prepareStatement("SELECT CAST(origin_ts AS CHAR), stage,"
                    + " parent_id, type, dollar_value FROM bookings WHERE row_id = ?")) {
                select.setLong(1, rowId);
                try (ResultSet row = select.executeQuery()) {
                    assertTrue(row.next());
                    assertEquals("2023-11-14 22:13:20.000", row.getString(1));
                    assertEquals("", row.getString(2));
                    assertNull(row.getString(3));
                    assertNull(row.getString(4));
                    assertEquals("300.00", row.getBigDecimal(5).toPlainString());
                }
            }
        });
        assertEquals(List.of("20221=147.54/v2", "20222=152.47/v2"), TestDatabase.totals(DATABASE, model));
    }

    @Test
    void aTotalPastDecimal19And2Is409AndWritesNothing() throws Exception {
        String model = "overflow-" + UUID.randomUUID();
        await(book(store, booking(model, "99999999999999999.99", "2022-07-01", "2022-07-31")));
        Refused full = assertInstanceOf(
                Refused.class, failure(book(store, booking(model, "300.00", "2022-06-01", "2022-07-31"))));
        assertEquals(409, full.status());
        assertEquals("the booking would take an aggregate's total past 99999999999999999.99", full.getMessage());
        assertEquals(
                List.of("20222=99999999999999999.99/v1"),
                TestDatabase.totals(DATABASE, model),
                "the first period is not written either");
        assertEquals(1, TestDatabase.bookingRows(DATABASE, model));
    }

    @Test
    void aLostRaceToInsertAnAggregateIsRetryable() {
        String model = "race-" + UUID.randomUUID();
        RuntimeException duplicate = assertThrows(
                RuntimeException.class,
                () -> DATABASE.withTransaction(c -> {
                    for (int i = 0; i < 2; i++) {
                        try (PreparedStatement insert =
                                c.prepareStatement("INSERT INTO aggregates (version, model, trim,"
                                        + " total_dollar_amount, fiscal_period_id) VALUES (1, ?, 'LE', 1.00, 20241)")) {
                            insert.setString(1, model);
                            insert.executeUpdate();
                        }
                    }
                }));
        assertTrue(Retries.retryable(duplicate), duplicate.toString());
    }

    /**
     * Every database thread busy: the attempt waits in the dispatcher's queue, is answered unavailable at the 2 s
     * deadline, and never runs afterwards.
     */
    @Test
    void noConnectionWithinTheDeadlineIsUnavailableAndNeverRunsLater() throws Exception {
        String model = "deadline-" + UUID.randomUUID();
        ExecutorService oneThread = Executors.newSingleThreadExecutor();
        CountDownLatch busy = new CountDownLatch(1);
        try {
            oneThread.execute(() -> {
                try {
                    busy.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            long started = System.nanoTime();
            Throwable failure = failure(book(
                    new BookingStore(DATABASE, oneThread, SYSTEM), booking(model, "1.00", "2024-01-01", "2024-01-01")));
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertInstanceOf(SQLTransientConnectionException.class, failure);
            assertTrue(Retries.unavailable(failure));
            assertTrue(waited >= 1900 && waited < 3000, waited + " ms");
            busy.countDown();
            oneThread.shutdown();
            assertTrue(oneThread.awaitTermination(5, TimeUnit.SECONDS));
            assertEquals(0, TestDatabase.bookingRows(DATABASE, model));
        } finally {
            busy.countDown();
            oneThread.shutdownNow();
        }
    }

    /** The pool's only connection lent out: HikariCP's own timeout, short here, fails the acquire. */
    @Test
    void aPoolWithNoConnectionToLendIsUnavailable() throws Exception {
        Database single = TestDatabase.open(1, "300 milliseconds");
        try (Connection held = single.getConnection()) {
            Throwable failure = failure(
                    book(new BookingStore(single, EXECUTOR, SYSTEM), booking("none", "1", "2024-01-01", "2024-01-01")));
            assertInstanceOf(SQLTransientConnectionException.class, failure);
            assertTrue(Retries.unavailable(failure));
        } finally {
            single.shutdown();
        }
    }

    @Test
    void aConnectRefusedIsUnavailable() throws Exception {
        int closedPort;
        try (ServerSocket free = new ServerSocket(0)) {
            closedPort = free.getLocalPort();
        }
        Database away = TestDatabase.open(String.valueOf(closedPort), 1, "300 milliseconds");
        try {
            Throwable failure = failure(
                    book(new BookingStore(away, EXECUTOR, SYSTEM), booking("none", "1", "2024-01-01", "2024-01-01")));
            assertTrue(Retries.unavailable(failure), failure.toString());
        } finally {
            away.shutdown();
        }
    }
}
