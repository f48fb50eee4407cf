package bench.vertx.bookings;

import bench.vertx.Bodies;
import bench.vertx.HttpError;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/** POST /bookings (after the media-type gate and the body limit) and GET /aggregates. */
public final class Bookings {
  private final BookingStore store;
  private final Pool pool;

  public Bookings(BookingStore store, Pool pool) {
    this.store = store;
    this.pool = pool;
  }

  public void create(RoutingContext ctx) {
    ValidBooking booking = BookingRules.validate(BookingInput.decode(Bodies.mediaType(ctx), Bodies.bytes(ctx)));
    List<Allocation> allocations = Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate());
    store.store(booking, allocations)
        .onSuccess(rowId -> {
          JsonArray shares = new JsonArray();
          for (Allocation a : allocations) {
            shares.add(new JsonObject().put("fiscalPeriodId", a.fiscalPeriodId()).put("amount", a.amount().toPlainString()));
          }
          ctx.response()
              .setStatusCode(201)
              .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
              .end(new JsonObject()
                  .put("rowId", rowId)
                  .put("bookingId", booking.bookingId())
                  .put("allocations", shares)
                  .toBuffer());
        })
        .onFailure(ctx::fail);
  }

  /** GET /aggregates?model=&trim=: each filter optional, exact (binary) match, ordered in SQL. */
  public void aggregates(RoutingContext ctx) {
    StringBuilder sql = new StringBuilder(
        "SELECT model, trim, fiscal_period_id, total_dollar_amount, version FROM aggregates");
    List<String> conditions = new ArrayList<>();
    Tuple params = Tuple.tuple();
    for (String key : List.of("model", "trim")) {
      List<String> values = ctx.queryParam(key);
      if (values.size() > 1) {
        throw HttpError.badRequest(key + " may be given once");
      }
      if (values.size() == 1) {
        conditions.add(key + " = ?");
        params.addString(values.getFirst());
      }
    }
    if (!conditions.isEmpty()) {
      sql.append(" WHERE ").append(String.join(" AND ", conditions));
    }
    sql.append(" ORDER BY model, trim, fiscal_period_id");
    pool.preparedQuery(sql.toString())
        .execute(params)
        .onSuccess(rows -> {
          JsonArray body = new JsonArray();
          for (Row row : rows) {
            body.add(new JsonObject()
                .put("model", row.getString(0))
                .put("trim", row.getString(1))
                .put("fiscalPeriodId", row.getInteger(2))
                .put("totalDollarAmount", row.getBigDecimal(3).setScale(2).toPlainString())
                .put("version", row.getInteger(4)));
          }
          ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(body.toBuffer());
        })
        .onFailure(ctx::fail);
  }
}
