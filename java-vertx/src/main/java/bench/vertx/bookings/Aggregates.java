package bench.vertx.bookings;

import bench.vertx.HttpError;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * GET /aggregates?model=&trim= (spec/API.md §6.8): an absent parameter does not filter, a present one (even empty)
 * filters by exact, binary equality, a repeated one is a 400. The order is the database's (ORDER BY), never re-sorted
 * here.
 */
public final class Aggregates implements Handler<RoutingContext> {
    private final Pool pool;

    public Aggregates(Pool pool) {
        this.pool = pool;
    }

    @Override
    public void handle(RoutingContext ctx) {
        StringBuilder sql =
                new StringBuilder("SELECT model, trim, fiscal_period_id, total_dollar_amount, version FROM aggregates");
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
                    if (ctx.response().ended()) {
                        return; // a chunked body that broke was answered 400 meanwhile (Errors.malformedBody)
                    }
                    JsonArray body = new JsonArray();
                    for (Row row : rows) {
                        body.add(new JsonObject()
                                .put("model", row.getString(0))
                                .put("trim", row.getString(1))
                                .put("fiscalPeriodId", row.getInteger(2))
                                .put(
                                        "totalDollarAmount",
                                        row.getBigDecimal(3).setScale(2).toPlainString())
                                .put("version", row.getInteger(4)));
                    }
                    ctx.response()
                            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                            .end(body.toBuffer());
                })
                .onFailure(ctx::fail);
    }
}
