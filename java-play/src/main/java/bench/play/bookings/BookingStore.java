package bench.play.bookings;

import static bench.contract.bookings.BookingStatements.INSERT_AGGREGATE;
import static bench.contract.bookings.BookingStatements.INSERT_BOOKING;
import static bench.contract.bookings.BookingStatements.LOCK_AGGREGATE;
import static bench.contract.bookings.BookingStatements.UPDATE_AGGREGATE;

import bench.contract.Refused;
import bench.contract.bookings.Allocation;
import bench.contract.bookings.RetryRule;
import bench.contract.bookings.ValidBooking;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Cancellable;
import play.db.Database;

/**
 * The bookings transaction (spec/API.md §6.4) on Play's JDBC module: INSERT the booking, then lock and update (or
 * create) each touched aggregate in ascending period order, the same order in every transaction, so that concurrent
 * bookings queue instead of deadlocking; {@link Database#withTransaction} commits, or rolls back on any failure. One
 * attempt per call: {@link Retries} decides what runs again.
 *
 * <p>The blocking JDBC runs on the database dispatcher, one thread per pooled connection, whose queue is where a
 * request waits when every connection is busy. HikariCP's own 2 s timeout only bounds the wait of a thread that
 * already runs, so the acquire deadline is kept here, on Pekko's scheduler, from the moment the attempt is queued: an
 * attempt that holds no connection when it passes is answered as unavailable at once, and will not run later (spec
 * §6.5: a request never waits longer than 2 s for a connection).
 */
public final class BookingStore {
    static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(2);

    private enum Acquire {
        WAITING,
        ACQUIRED,
        TIMED_OUT
    }

    private final Database database;
    private final Executor databaseExecutor;
    private final ActorSystem system;

    public BookingStore(Database database, Executor databaseExecutor, ActorSystem system) {
        this.database = database;
        this.databaseExecutor = databaseExecutor;
        this.system = system;
    }

    /**
     * Stores the booking and its allocations, committed or not at all; the result is the new booking's row_id. It fails
     * with an {@link SQLTransientConnectionException} when no connection was to be had within the deadline, with a
     * 409 when a total would pass what DECIMAL(19,2) holds (the database refuses it and the whole transaction rolls
     * back: no retry can help), and otherwise with the driver's own failure.
     */
    public CompletionStage<Long> store(ValidBooking booking, List<Allocation> allocations) {
        CompletableFuture<Long> result = new CompletableFuture<>();
        AtomicReference<Acquire> state = new AtomicReference<>(Acquire.WAITING);
        Cancellable deadline = system.scheduler()
                .scheduleOnce(
                        ACQUIRE_TIMEOUT,
                        () -> {
                            if (state.compareAndSet(Acquire.WAITING, Acquire.TIMED_OUT)) {
                                result.completeExceptionally(noConnection(null));
                            }
                        },
                        system.dispatcher());
        Runnable attempt = () -> {
            try {
                if (state.get() == Acquire.WAITING) {
                    result.complete(database.withTransaction(connection -> {
                        if (!state.compareAndSet(Acquire.WAITING, Acquire.ACQUIRED)) {
                            throw noConnection(null); // answered already: rolled back with nothing done
                        }
                        return write(connection, booking, allocations);
                    }));
                }
            } catch (Throwable failure) { // Play's Scala side rethrows the pool's SQLException as it is, unchecked
                result.completeExceptionally(
                        state.get() == Acquire.ACQUIRED ? refusedOr(failure) : noConnection(failure));
            } finally {
                deadline.cancel();
            }
        };
        try {
            databaseExecutor.execute(attempt);
        } catch (RejectedExecutionException shuttingDown) {
            deadline.cancel();
            result.completeExceptionally(noConnection(shuttingDown));
        }
        return result;
    }

    private static long write(Connection connection, ValidBooking b, List<Allocation> allocations) throws SQLException {
        long rowId = insertBooking(connection, b);
        try (PreparedStatement lock = connection.prepareStatement(LOCK_AGGREGATE);
                PreparedStatement update = connection.prepareStatement(UPDATE_AGGREGATE);
                PreparedStatement insert = connection.prepareStatement(INSERT_AGGREGATE)) {
            for (Allocation allocation : allocations) {
                lock.setString(1, b.model());
                lock.setString(2, b.trim());
                lock.setInt(3, allocation.fiscalPeriodId());
                try (ResultSet locked = lock.executeQuery()) {
                    if (locked.next()) {
                        update.setBigDecimal(1, allocation.amount());
                        update.setInt(2, locked.getInt(1));
                        update.executeUpdate();
                    } else {
                        insert.setString(1, b.model());
                        insert.setString(2, b.trim());
                        insert.setBigDecimal(3, allocation.amount());
                        insert.setInt(4, allocation.fiscalPeriodId());
                        insert.executeUpdate();
                    }
                }
            }
        }
        return rowId;
    }

    private static long insertBooking(Connection connection, ValidBooking b) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(INSERT_BOOKING, Statement.RETURN_GENERATED_KEYS)) {
            insert.setString(1, b.bookingId());
            insert.setBigDecimal(2, b.dollarValue());
            insert.setObject(3, b.startDate());
            insert.setObject(4, b.endDate());
            // A LocalDateTime goes as it is, whatever the session time zone: the UTC date-time of origin_ts.
            insert.setObject(5, b.originTs());
            setOptional(insert, 6, b.parentId());
            insert.setString(7, b.model());
            insert.setString(8, b.trim());
            setOptional(insert, 9, b.stage());
            setOptional(insert, 10, b.type());
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private static void setOptional(PreparedStatement statement, int index, String value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.VARCHAR);
        } else {
            statement.setString(index, value);
        }
    }

    private static Throwable refusedOr(Throwable failure) {
        return totalOverflow(failure) ? new Refused(409, RetryRule.TOTAL_OVERFLOW) : failure;
    }

    static boolean totalOverflow(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException e && e.getErrorCode() == RetryRule.OUT_OF_RANGE) {
                return true;
            }
        }
        return false;
    }

    /** The pool had no connection to lend in time, or none at all (closed, or the database refused to connect). */
    private static SQLTransientConnectionException noConnection(Throwable cause) {
        return new SQLTransientConnectionException(
                "No database connection within " + ACQUIRE_TIMEOUT.toSeconds() + " s", cause);
    }
}
