package bench.reactor.bookings;

import static bench.contract.bookings.BookingStatements.INSERT_AGGREGATE;
import static bench.contract.bookings.BookingStatements.INSERT_BOOKING;
import static bench.contract.bookings.BookingStatements.LOCK_AGGREGATE;
import static bench.contract.bookings.BookingStatements.UPDATE_AGGREGATE;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.RetryRule;
import bench.contract.bookings.ValidBooking;
import bench.reactor.Database;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeoutException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.pool.PoolShutdownException;

/**
 * The bookings transaction (spec/API.md §6.4) on one pooled r2dbc connection: INSERT the booking, then per
 * period, in ascending id order (the lock order), SELECT … FOR UPDATE and UPDATE or INSERT; COMMIT. Any error
 * rolls back, and the connection always goes back to the pool.
 */
public final class BookingStore {

    private final ConnectionPool pool;

    public BookingStore(ConnectionPool pool) {
        this.pool = pool;
    }

    /**
     * The database is unavailable, not the request wrong (spec/API.md §6.5): no pooled connection within the
     * acquire timeout, none to be had, the connection lost under the transaction, or the server going away.
     */
    public static final class Unavailable extends RuntimeException {
        Unavailable(Throwable cause) {
            super("the database is unavailable", cause, false, false);
        }
    }

    /**
     * The booking would take an aggregate's total past what DECIMAL(19,2) holds: strict mode refused the UPDATE
     * (1264, out of range), the transaction was rolled back, and retrying cannot help (spec/API.md §6.5).
     */
    public static final class TotalOutOfRange extends RuntimeException {
        TotalOutOfRange(Throwable cause) {
            super("an aggregate's total would pass DECIMAL(19,2)", cause, false, false);
        }
    }

    /** One attempt of the whole transaction; emits the new booking's row_id once committed. */
    public Mono<Long> save(ValidBooking booking, List<Allocation> allocations) {
        return Mono.usingWhen(
                        pool.create().timeout(Database.ACQUIRE_TIMEOUT),
                        c -> inTransaction(c, booking, allocations),
                        Connection::close)
                .onErrorMap(BookingStore::unavailable, Unavailable::new)
                .onErrorMap(BookingStore::outOfRange, TotalOutOfRange::new);
    }

    static boolean outOfRange(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof R2dbcException e && e.getErrorCode() == RetryRule.OUT_OF_RANGE) {
                return true;
            }
        }
        return false;
    }

    // The acquire deadline is Reactor's TimeoutException. The server's own errors carry their code (1213 deadlock
    // and 1205 lock wait are transient and timeout exceptions too, and retried); the pool's failed validation and
    // the driver's closed connection carry none. Netty's and the JDK's exceptions are a socket that closed or
    // never opened. A pool shut down is the server going away (a request begun as the SIGTERM drain ended).
    static boolean unavailable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException
                    || t instanceof IOException
                    || t instanceof AbortedException
                    || t instanceof PoolShutdownException) {
                return true;
            }
            if (t instanceof R2dbcException e
                    && (RetryRule.goingAway(e.getErrorCode())
                            || e.getErrorCode() == 0
                                    && (e instanceof R2dbcTimeoutException
                                            || e instanceof R2dbcNonTransientResourceException
                                            || e instanceof R2dbcTransientResourceException))) {
                return true;
            }
        }
        return false;
    }

    private static Mono<Long> inTransaction(Connection c, ValidBooking booking, List<Allocation> allocations) {
        return Mono.usingWhen(
                Mono.from(c.beginTransaction()).thenReturn(c),
                tx -> insertBooking(tx, booking)
                        .flatMap(rowId -> Flux.fromIterable(allocations)
                                .concatMap(a -> addToAggregate(tx, booking, a))
                                .then(Mono.just(rowId))),
                Connection::commitTransaction,
                (tx, error) -> tx.rollbackTransaction(),
                Connection::rollbackTransaction);
    }

    private static Mono<Long> insertBooking(Connection c, ValidBooking b) {
        Statement insert = c.createStatement(INSERT_BOOKING)
                .bind(0, b.bookingId())
                .bind(1, b.dollarValue().toPlainString())
                .bind(2, b.startDate())
                .bind(3, b.endDate())
                .bind(4, b.originTs());
        nullable(insert, 5, b.parentId());
        insert.bind(6, b.model()).bind(7, b.trim());
        nullable(insert, 8, b.stage());
        nullable(insert, 9, b.type());
        return Flux.from(insert.returnGeneratedValues("row_id").execute())
                .flatMap(result -> result.map((row, meta) -> row.get(0, Long.class)))
                .single();
    }

    private static Mono<Void> addToAggregate(Connection c, ValidBooking b, Allocation a) {
        BigDecimal amount = a.amount();
        Statement lock = c.createStatement(LOCK_AGGREGATE)
                .bind(0, b.model())
                .bind(1, b.trim())
                .bind(2, a.fiscalPeriodId());
        return Flux.from(lock.execute())
                .flatMap(result -> result.map((row, meta) -> row.get(0, Long.class)))
                .singleOrEmpty()
                .map(rowId -> c.createStatement(UPDATE_AGGREGATE)
                        .bind(0, amount.toPlainString())
                        .bind(1, rowId))
                .switchIfEmpty(Mono.fromSupplier(() -> c.createStatement(INSERT_AGGREGATE)
                        .bind(0, b.model())
                        .bind(1, b.trim())
                        .bind(2, amount.toPlainString())
                        .bind(3, a.fiscalPeriodId())))
                .flatMapMany(Statement::execute)
                .flatMap(Result::getRowsUpdated)
                .then();
    }

    private static void nullable(Statement statement, int index, String value) {
        if (value == null) {
            statement.bindNull(index, String.class);
        } else {
            statement.bind(index, value);
        }
    }
}
