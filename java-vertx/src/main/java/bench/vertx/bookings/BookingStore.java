package bench.vertx.bookings;

import static bench.contract.bookings.BookingStatements.INSERT_AGGREGATE;
import static bench.contract.bookings.BookingStatements.INSERT_BOOKING;
import static bench.contract.bookings.BookingStatements.LOCK_AGGREGATE;
import static bench.contract.bookings.BookingStatements.UPDATE_AGGREGATE;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.RetryRule;
import bench.contract.bookings.ValidBooking;
import bench.vertx.HttpError;
import io.vertx.core.Future;
import io.vertx.mysqlclient.MySQLClient;
import io.vertx.mysqlclient.MySQLException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.List;

/**
 * The bookings transaction (spec/API.md §6.4) on the reactive MySQL client: INSERT the booking, then lock and update
 * (or create) each touched aggregate in ascending period order, the same order in every transaction, so that
 * concurrent bookings queue instead of deadlocking. One attempt: {@link Retries} decides what runs again.
 */
public final class BookingStore {

    private final Pool pool;

    public BookingStore(Pool pool) {
        this.pool = pool;
    }

    /**
     * Stores the booking and its allocations, committed or not at all; the result is the new booking's row_id. A total
     * the aggregate's DECIMAL(19,2) cannot hold is refused by the database and rolled back with the rest: a 409 (§6.5),
     * which no retry can help.
     */
    public Future<Long> store(ValidBooking booking, List<Allocation> allocations) {
        return pool.withTransaction(conn -> write(conn, booking, allocations))
                .recover(failure -> Future.failedFuture(
                        totalOverflow(failure) ? new HttpError(409, RetryRule.TOTAL_OVERFLOW) : failure));
    }

    static boolean totalOverflow(Throwable failure) {
        return failure instanceof MySQLException e && e.getErrorCode() == RetryRule.OUT_OF_RANGE;
    }

    private Future<Long> write(SqlConnection conn, ValidBooking b, List<Allocation> allocations) {
        Tuple row = Tuple.tuple()
                .addString(b.bookingId())
                .addString(b.dollarValue().toPlainString())
                .addLocalDate(b.startDate())
                .addLocalDate(b.endDate())
                .addLocalDateTime(b.originTs())
                .addValue(b.parentId())
                .addString(b.model())
                .addString(b.trim())
                .addValue(b.stage())
                .addValue(b.type());
        Future<Long> inserted = conn.preparedQuery(INSERT_BOOKING)
                .execute(row)
                .map(rows -> rows.property(MySQLClient.LAST_INSERTED_ID));
        for (Allocation allocation : allocations) {
            inserted = inserted.compose(rowId -> addTo(conn, b, allocation).map(rowId));
        }
        return inserted;
    }

    private Future<Void> addTo(SqlConnection conn, ValidBooking b, Allocation allocation) {
        String amount = allocation.amount().toPlainString();
        return conn.preparedQuery(LOCK_AGGREGATE)
                .execute(Tuple.of(b.model(), b.trim(), allocation.fiscalPeriodId()))
                .compose((RowSet<Row> locked) -> locked.size() > 0
                        ? conn.preparedQuery(UPDATE_AGGREGATE)
                                .execute(Tuple.of(
                                        amount, locked.iterator().next().getInteger(0)))
                        : conn.preparedQuery(INSERT_AGGREGATE)
                                .execute(Tuple.of(b.model(), b.trim(), amount, allocation.fiscalPeriodId())))
                .mapEmpty();
    }
}
