package bench.spring5.bookings;

import bench.bookings.proto.Booking;
import bench.spring5.Bodies;
import bench.spring5.HttpError;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * POST /bookings: decode (400), validate (422), then one transaction per attempt — the booking INSERT and,
 * in ascending period order, each aggregate locked FOR UPDATE and updated or created — retried whole on
 * the errors of {@link Retries}. GET /aggregates reads the totals back.
 */
@Component
public class Bookings {

  private static final MediaType PROTOBUF = MediaType.parseMediaType("application/x-protobuf");

  record Created(long rowId, String bookingId, List<Amount> allocations) {}

  record Amount(int fiscalPeriodId, String amount) {}

  private final BookingStore store;
  private final TransactionalOperator transactions;

  Bookings(BookingStore store, TransactionalOperator transactions) {
    this.store = store;
    this.transactions = transactions;
  }

  public Mono<ServerResponse> create(ServerRequest request) {
    MediaType type = Bodies.require(request, "application/x-protobuf or application/json",
        PROTOBUF, MediaType.APPLICATION_JSON);
    return Bodies.read(request)
        .map(body -> ValidBooking.of(decode(type, body)))
        .flatMap(this::book)
        .flatMap(created -> ServerResponse.status(HttpStatus.CREATED)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue(created));
  }

  private static Booking decode(MediaType type, byte[] body) {
    return type == PROTOBUF ? BookingInput.fromProtobuf(body) : BookingInput.fromJson(body);
  }

  private Mono<Created> book(ValidBooking booking) {
    List<Allocation> allocations = Allocation.of(booking.dollarValue(), booking.startDate(), booking.endDate());
    Mono<Long> attempt = store.insertBooking(booking)
        .flatMap(rowId -> Flux.fromIterable(allocations)
            .concatMap(a -> store.addToAggregate(booking.model(), booking.trim(), a))
            .then(Mono.just(rowId)));
    return transactions.transactional(attempt)
        .retryWhen(Retries.policy())
        .onErrorMap(Retries::retryable, e -> HttpError.busy("Too much contention, try again"))
        .onErrorMap(Retries::unavailable, e -> HttpError.busy("The database is unavailable, try again"))
        .map(rowId -> new Created(rowId, booking.bookingId(),
            allocations.stream().map(a -> new Amount(a.fiscalPeriodId(), a.amountText())).toList()));
  }

  public Mono<ServerResponse> aggregates(ServerRequest request) {
    String model = filter(request, "model");
    String trim = filter(request, "trim");
    return ServerResponse.ok()
        .contentType(MediaType.APPLICATION_JSON)
        .body(store.aggregates(model, trim).collectList(), List.class);
  }

  private static @Nullable String filter(ServerRequest request, String name) {
    List<String> values = request.queryParams().getOrDefault(name, List.of());
    if (values.size() > 1) {
      throw HttpError.badRequest(name + " may be given once");
    }
    return values.isEmpty() ? null : values.getFirst();
  }
}
