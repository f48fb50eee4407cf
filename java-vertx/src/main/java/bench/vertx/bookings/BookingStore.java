package bench.vertx.bookings;

import bench.vertx.HttpError;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.mysqlclient.MySQLClient;
import io.vertx.mysqlclient.MySQLException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The bookings transaction (spec/API.md §6.4–6.5) on the reactive MySQL client: INSERT the booking, then lock
 * and update (or create) each touched aggregate in ascending period order, the same order in every
 * transaction, so that concurrent bookings queue instead of deadlocking. Deadlock, lock wait timeout and
 * duplicate key (two first sales racing to INSERT) retry the whole transaction. No connection within the acquire
 * timeout, none to be had, or one lost under the transaction: the database is unavailable, a 503.
 */
public final class BookingStore {
  static final int MAX_ATTEMPTS = 5;
  static final Set<Integer> RETRYABLE = Set.of(1213, 1205, 1062);
  // The server shutting down, or killing the connection as it does so.
  static final Set<Integer> GOING_AWAY = Set.of(1053, 1927);

  private static final String INSERT_BOOKING = "INSERT INTO bookings (booking_id, dollar_value, start_date,"
      + " end_date, origin_ts, parent_id, model, trim, stage, type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  private static final String LOCK_AGGREGATE =
      "SELECT row_id FROM aggregates WHERE model = ? AND trim = ? AND fiscal_period_id = ? FOR UPDATE";
  // The client sends a BigDecimal as a string, which MariaDB would add as a double: the CAST keeps it exact.
  private static final String UPDATE_AGGREGATE = "UPDATE aggregates SET total_dollar_amount ="
      + " total_dollar_amount + CAST(? AS DECIMAL(19,2)), version = version + 1 WHERE row_id = ?";
  private static final String INSERT_AGGREGATE = "INSERT INTO aggregates (version, model, trim,"
      + " total_dollar_amount, fiscal_period_id) VALUES (1, ?, ?, CAST(? AS DECIMAL(19,2)), ?)";

  private final Vertx vertx;
  private final Pool pool;

  public BookingStore(Vertx vertx, Pool pool) {
    this.vertx = vertx;
    this.pool = pool;
  }

  /** Stores the booking and its allocations; the result is the new booking's row_id. */
  public Future<Long> store(ValidBooking booking, List<Allocation> allocations) {
    return attempt(booking, allocations, 1);
  }

  private Future<Long> attempt(ValidBooking booking, List<Allocation> allocations, int attempt) {
    AtomicBoolean connected = new AtomicBoolean();
    return pool.withTransaction(conn -> {
          connected.set(true);
          return write(conn, booking, allocations);
        })
        .recover(failure -> {
          // Vert.x's pool reports its acquire timeout as a plain VertxException: what failed before a connection
          // was handed over is told apart by that, not by the exception's type.
          if (!connected.get() || connectionLost(failure)) {
            return Future.failedFuture(HttpError.unavailable());
          }
          if (!retryable(failure)) {
            return Future.failedFuture(failure);
          }
          if (attempt == MAX_ATTEMPTS) {
            return Future.failedFuture(HttpError.busy());
          }
          return vertx.timer(backoffMillis(attempt)).compose(v -> attempt(booking, allocations, attempt + 1));
        });
  }

  /** The connection closed under the transaction, or the server going away (spec/API.md §6.5). */
  static boolean connectionLost(Throwable failure) {
    return failure instanceof ClosedConnectionException || failure instanceof IOException
        || failure instanceof MySQLException e && GOING_AWAY.contains(e.getErrorCode());
  }

  static boolean retryable(Throwable failure) {
    return failure instanceof MySQLException e && RETRYABLE.contains(e.getErrorCode());
  }

  /** Before attempt n+1: a random 5–50 ms × n, so that the losers of a race do not collide again. */
  static long backoffMillis(int attempt) {
    return attempt * ThreadLocalRandom.current().nextLong(5, 51);
  }

  private Future<Long> write(SqlConnection conn, ValidBooking b, List<Allocation> allocations) {
    Tuple row = Tuple.tuple()
        .addString(b.bookingId())
        .addString(b.dollarValue())
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
            ? conn.preparedQuery(UPDATE_AGGREGATE).execute(Tuple.of(amount, locked.iterator().next().getInteger(0)))
            : conn.preparedQuery(INSERT_AGGREGATE)
                .execute(Tuple.of(b.model(), b.trim(), amount, allocation.fiscalPeriodId())))
        .mapEmpty();
  }
}
