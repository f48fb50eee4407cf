package bench.reactor.bookings;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.BookingInput;
import bench.contract.bookings.BookingRules;
import bench.contract.bookings.RetryRule;
import bench.contract.bookings.ValidBooking;
import bench.reactor.Bodies;
import bench.reactor.Http;
import bench.reactor.HttpError;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Map;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * POST /bookings: 415 → 413 → 400 ({@link BookingInput}) → 422 ({@link BookingRules}), then the transaction
 * ({@link BookingStore}), retried whole on the conflicts of {@link Retries}. A database unavailable
 * ({@link BookingStore.Unavailable}) or retries exhausted is a 503 with Retry-After, not a failure; a total the
 * aggregate cannot hold ({@link BookingStore.TotalOutOfRange}) is a 409.
 */
public final class Bookings {

    private static final ObjectWriter WRITER = JsonMapper.builder().build().writerFor(Created.class);
    private static final Map<String, String> RETRY_AFTER = Map.of("Retry-After", "1");

    private final BookingStore store;

    public Bookings(BookingStore store) {
        this.store = store;
    }

    record Created(long rowId, String bookingId, List<Line> allocations) {}

    record Line(int fiscalPeriodId, String amount) {}

    public Publisher<Void> post(HttpServerRequest req, HttpServerResponse res) {
        String type = Http.mediaType(req);
        if (!type.equals(BookingInput.PROTOBUF) && !type.equals(BookingInput.JSON)) {
            return Http.error(res, HttpError.unsupportedMediaType(BookingInput.PROTOBUF + " or " + BookingInput.JSON));
        }
        return Http.respond(
                res,
                Bodies.read(req)
                        .map(body -> BookingRules.validate(BookingInput.decode(type, body)))
                        .flatMap(booking -> {
                            List<Allocation> allocations =
                                    Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate());
                            return Mono.defer(() -> store.save(booking, allocations))
                                    .retryWhen(Retries.policy())
                                    .map(rowId -> created(rowId, booking, allocations));
                        })
                        .onErrorMap(
                                Retries.Exhausted.class,
                                e -> new HttpError(
                                        HttpResponseStatus.SERVICE_UNAVAILABLE,
                                        "Too many conflicting bookings, retry",
                                        RETRY_AFTER))
                        .onErrorMap(
                                BookingStore.TotalOutOfRange.class,
                                e -> new HttpError(HttpResponseStatus.CONFLICT, RetryRule.TOTAL_OVERFLOW))
                        .onErrorMap(
                                BookingStore.Unavailable.class,
                                e -> new HttpError(
                                        HttpResponseStatus.SERVICE_UNAVAILABLE,
                                        "The database is unavailable, retry",
                                        RETRY_AFTER))
                        .flatMap(body -> Mono.from(Http.json(res, HttpResponseStatus.CREATED, body))));
    }

    private static byte[] created(long rowId, ValidBooking booking, List<Allocation> allocations) {
        List<Line> lines = allocations.stream()
                .map(a -> new Line(a.fiscalPeriodId(), a.amount().toPlainString()))
                .toList();
        try {
            return WRITER.writeValueAsBytes(new Created(rowId, booking.bookingId(), lines));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a response always serializes", e);
        }
    }
}
