package bench.mvc.bookings;

import bench.bookings.proto.Booking;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * POST /bookings: the mapping's {@code consumes} answers 415 and the body limit 413, {@link BookingInput} decodes
 * the body (400), {@link BookingRules} validates it (422), then {@link BookingStore} books it in one transaction,
 * run again by {@link Retries} on a conflict: 201, 409 when a total would pass DECIMAL(19,2), or 503 when it keeps
 * conflicting or the database is away.
 */
@RestController
class Bookings {

    static final String PROTOBUF = "application/x-protobuf";

    private final BookingStore store;
    private final Retries retries;

    Bookings(BookingStore store, Retries retries) {
        this.store = store;
        this.retries = retries;
    }

    record Share(int fiscalPeriodId, String amount) {}

    record Created(int rowId, String bookingId, List<Share> allocations) {}

    @PostMapping(
            path = "/bookings",
            consumes = {PROTOBUF, MediaType.APPLICATION_JSON_VALUE})
    ResponseEntity<Created> book(
            @RequestBody(required = false) @Nullable Booking body,
            @RequestHeader(HttpHeaders.CONTENT_TYPE) MediaType type) {
        // An empty protobuf body is the empty message (then a 422); an empty JSON body is not JSON at all.
        if (body == null && MediaType.APPLICATION_JSON.isCompatibleWith(type)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "the body is empty");
        }
        ValidBooking booking = BookingRules.validate(body == null ? Booking.getDefaultInstance() : body);
        List<Allocation> allocations = Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate());
        int rowId = retries.run(() -> store.book(booking, allocations));
        List<Share> shares = allocations.stream()
                .map(a -> new Share(a.fiscalPeriodId(), a.amount().toPlainString()))
                .toList();
        return ResponseEntity.status(HttpStatus.CREATED)
                .contentType(MediaType.APPLICATION_JSON)
                .body(new Created(rowId, booking.bookingId(), shares));
    }
}
