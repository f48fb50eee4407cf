package bench.spring5.bookings;

import bench.contract.bookings.Allocation;
import bench.contract.bookings.BookingRules;
import bench.contract.bookings.RetryRule;
import bench.contract.bookings.ValidBooking;
import bench.spring5.Bodies;
import bench.spring5.HttpError;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * POST /bookings: the media type (415), the body ({@link BookingBody}: 413, 400), the rules ({@link BookingRules}:
 * 422), then one transaction per attempt — the booking INSERT and, in ascending period order, each aggregate locked
 * FOR UPDATE and updated or created — run again on the failures of {@link Retries}, and 201, or 503; or 409, all
 * of it rolled back, when a total would pass what its column holds.
 */
@Component
public class Bookings {

    record Created(long rowId, String bookingId, List<Amount> allocations) {}

    record Amount(int fiscalPeriodId, String amount) {}

    private final BookingStore store;
    private final TransactionalOperator transactions;

    Bookings(BookingStore store, TransactionalOperator transactions) {
        this.store = store;
        this.transactions = transactions;
    }

    public Mono<ServerResponse> create(ServerRequest request) {
        MediaType type = Bodies.require(
                request,
                "application/x-protobuf or application/json",
                BookingBody.PROTOBUF,
                MediaType.APPLICATION_JSON);
        return BookingBody.read(request, type)
                .map(BookingRules::validate)
                .flatMap(this::book)
                .flatMap(created -> ServerResponse.status(HttpStatus.CREATED)
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(created));
    }

    private Mono<Created> book(ValidBooking booking) {
        List<Allocation> allocations = Allocation.allocate(booking.cents(), booking.startDate(), booking.endDate());
        Mono<Long> attempt = store.insertBooking(booking)
                .flatMap(rowId -> Flux.fromIterable(allocations)
                        .concatMap(a -> store.addToAggregate(booking.model(), booking.trim(), a))
                        .then(Mono.just(rowId)));
        return transactions
                .transactional(attempt)
                .retryWhen(Retries.policy())
                .onErrorMap(
                        BookingStore::pastTotalLimit, e -> new HttpError(HttpStatus.CONFLICT, RetryRule.TOTAL_OVERFLOW))
                .onErrorMap(Retries::retryable, e -> HttpError.busy("Too much contention, try again"))
                .onErrorMap(Retries::unavailable, e -> HttpError.busy("The database is unavailable, try again"))
                .map(rowId -> new Created(
                        rowId,
                        booking.bookingId(),
                        allocations.stream()
                                .map(a -> new Amount(
                                        a.fiscalPeriodId(), a.amount().toPlainString()))
                                .toList()));
    }
}
