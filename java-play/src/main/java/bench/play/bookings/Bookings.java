package bench.play.bookings;

import bench.contract.Refused;
import bench.contract.bookings.Allocation;
import bench.contract.bookings.BookingInput;
import bench.contract.bookings.BookingRules;
import bench.contract.bookings.ValidBooking;
import bench.play.Bodies;
import bench.play.Errors;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.util.ByteString;
import play.db.Database;
import play.libs.Json;
import play.mvc.Http;
import play.mvc.Result;
import play.mvc.Results;

/**
 * POST /bookings, after the media-type gate (415) and the body limit (413) of {@link Bodies}: the body decoded
 * ({@link BookingInput}, 400) and validated ({@link BookingRules}, 422) on the calling thread, then the transaction
 * ({@link BookingStore}) on the database dispatcher, run again on the failures of {@link Retries}: 201, 409 when a
 * total would pass DECIMAL(19,2), or 503 when the database is busy or away. Any other failure goes on to Play's error
 * handler, a 500.
 */
public final class Bookings {
    private final BookingStore store;
    private final Retries retries;

    public Bookings(Database database, Executor databaseExecutor, ActorSystem system) {
        this.store = new BookingStore(database, databaseExecutor, system);
        this.retries = new Retries(system);
    }

    public CompletionStage<Result> book(Http.RequestHeader request, ByteString body) {
        ValidBooking booking;
        try {
            booking = BookingRules.validate(BookingInput.decode(Bodies.mediaType(request), body.toArrayUnsafe()));
        } catch (Refused refused) {
            return CompletableFuture.completedFuture(answer(refused));
        }
        List<Allocation> allocations = Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate());
        return retries.run(() -> store.store(booking, allocations)).handle((rowId, failure) -> {
            if (failure == null) {
                return created(rowId, booking, allocations);
            }
            if (unwrap(failure) instanceof Refused refused) {
                return answer(refused);
            }
            throw failure instanceof CompletionException wrapped ? wrapped : new CompletionException(failure);
        });
    }

    private static Result created(long rowId, ValidBooking booking, List<Allocation> allocations) {
        ObjectNode body = Json.newObject().put("rowId", rowId).put("bookingId", booking.bookingId());
        ArrayNode shares = body.putArray("allocations");
        for (Allocation a : allocations) {
            shares.addObject()
                    .put("fiscalPeriodId", a.fiscalPeriodId())
                    .put("amount", a.amount().toPlainString());
        }
        return Results.created(body);
    }

    static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    /**
     * A deliberate answer with the contract's error body (400, 422, 409, 503), not a fault; 503 says when to come
     * back: the database is busy or away, not the request wrong.
     */
    static Result answer(Refused refused) {
        Result result = Errors.of(refused.status(), refused.getMessage());
        return refused.status() == 503 ? result.withHeader("Retry-After", "1") : result;
    }
}
