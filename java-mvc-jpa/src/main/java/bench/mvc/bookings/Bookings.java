package bench.mvc.bookings;

import bench.bookings.proto.Booking;
import bench.contract.bookings.Allocation;
import bench.contract.bookings.BookingRules;
import bench.contract.bookings.ValidBooking;
import java.lang.reflect.Type;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.protobuf.ProtobufHttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * POST /bookings: the mapping's {@code consumes} answers 415 and the body limit 413, {@link BookingInput} decodes
 * the body (400), {@link BookingRules} validates it (422), then {@link BookingStore} books it in one transaction,
 * run again by {@link Retries} on a conflict: 201, 409 when a total would pass DECIMAL(19,2), or 503 when it keeps
 * conflicting or the database is away. The body is required, so that Spring checks {@code consumes} on an empty
 * body too (415 before 400, spec/API.md §1.4); an empty protobuf body is the empty message ({@link EmptyProtobuf}),
 * an empty JSON body is not JSON (400).
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
    ResponseEntity<Created> book(@RequestBody Booking body) {
        ValidBooking booking = BookingRules.validate(body);
        List<Allocation> allocations = Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate());
        int rowId = retries.run(() -> store.book(booking, allocations));
        List<Share> shares = allocations.stream()
                .map(a -> new Share(a.fiscalPeriodId(), a.amount().toPlainString()))
                .toList();
        return ResponseEntity.status(HttpStatus.CREATED)
                .contentType(MediaType.APPLICATION_JSON)
                .body(new Created(rowId, booking.bookingId(), shares));
    }

    /**
     * Spring hands no empty body to a converter; an empty protobuf body is the empty message (then a 422), where
     * an empty JSON body stays missing and so a 400.
     */
    @ControllerAdvice(assignableTypes = Bookings.class)
    static class EmptyProtobuf extends RequestBodyAdviceAdapter {
        @Override
        public boolean supports(
                MethodParameter parameter, Type targetType, Class<? extends HttpMessageConverter<?>> converterType) {
            return ProtobufHttpMessageConverter.class.isAssignableFrom(converterType);
        }

        @Override
        public @Nullable Object handleEmptyBody(
                @Nullable Object body,
                HttpInputMessage input,
                MethodParameter parameter,
                Type targetType,
                Class<? extends HttpMessageConverter<?>> converterType) {
            return Booking.getDefaultInstance();
        }
    }
}
