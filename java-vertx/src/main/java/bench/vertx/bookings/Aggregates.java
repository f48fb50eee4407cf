package bench.vertx.bookings;

import bench.contract.bookings.Aggregate;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.Map;

/**
 * GET /aggregates?model=&trim= (spec/API.md §6.8): the filters, the query and the rows are java-contract's
 * {@link Aggregate} (a repeated parameter is its 400); here the query runs on the pool and the rows are written as a
 * JsonArray, in the database's order.
 */
public final class Aggregates implements Handler<RoutingContext> {
    private final Pool pool;

    public Aggregates(Pool pool) {
        this.pool = pool;
    }

    @Override
    public void handle(RoutingContext ctx) {
        Map<String, String> filters = Aggregate.filters(ctx::queryParam);
        pool.preparedQuery(Aggregate.sql(filters.keySet()))
                .execute(Tuple.wrap(List.copyOf(filters.values())))
                .onSuccess(rows -> {
                    if (ctx.response().ended()) {
                        return; // a chunked body that broke was answered 400 meanwhile (Errors.malformedBody)
                    }
                    JsonArray body = new JsonArray();
                    for (Row row : rows) {
                        Aggregate aggregate = new Aggregate(
                                row.getString(0),
                                row.getString(1),
                                row.getInteger(2),
                                row.getBigDecimal(3),
                                row.getInteger(4));
                        body.add(JsonObject.mapFrom(aggregate));
                    }
                    ctx.response()
                            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                            .end(body.toBuffer());
                })
                .onFailure(ctx::fail);
    }
}
