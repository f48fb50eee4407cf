package bench.vertx.bookings;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.BookingInput;
import bench.contract.bookings.BookingRules;
import bench.contract.bookings.ValidBooking;
import bench.vertx.Bodies;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * POST /bookings, after the media-type gate (415) and the body limit (413): the body decoded ({@link BookingInput},
 * 400) and validated ({@link BookingRules}, 422), then the transaction ({@link BookingStore}), run again on the
 * failures of {@link Retries}: 201, or 503 when the database is busy or away.
 */
public final class Bookings implements Handler<RoutingContext> {
    private final BookingStore store;
    private final Retries retries;

    public Bookings(BookingStore store, Retries retries) {
        this.store = store;
        this.retries = retries;
    }

    @Override
    public void handle(RoutingContext ctx) {
        ValidBooking booking = BookingRules.validate(BookingInput.decode(Bodies.mediaType(ctx), Bodies.bytes(ctx)));
        List<Allocation> allocations = Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate());
        retries.run(() -> store.store(booking, allocations))
                .onSuccess(rowId -> {
                    JsonArray shares = new JsonArray();
                    for (Allocation a : allocations) {
                        shares.add(new JsonObject()
                                .put("fiscalPeriodId", a.fiscalPeriodId())
                                .put("amount", a.amount().toPlainString()));
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
}
