package bench.mvc.bookings;

import bench.bookings.proto.Booking;
import bench.mvc.Errors;
import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * POST /bookings and GET /aggregates. The body arrives as a {@link Booking}, decoded by protobuf-java's
 * {@code ProtobufHttpMessageConverter} or by {@link BookingJson}; the mapping's {@code consumes} answers 415.
 */
@RestController
class BookingsApi {

  static final String PROTOBUF = "application/x-protobuf";

  private final Ledger ledger;
  private final Retry retry;

  BookingsApi(Ledger ledger, Retry retry) {
    this.ledger = ledger;
    this.retry = retry;
  }

  record Share(int fiscalPeriodId, String amount) {}

  record Created(int rowId, String bookingId, List<Share> allocations) {}

  record Total(String model, String trim, int fiscalPeriodId, String totalDollarAmount, int version) {}

  @PostMapping(path = "/bookings", consumes = {PROTOBUF, MediaType.APPLICATION_JSON_VALUE})
  ResponseEntity<Created> book(@RequestBody(required = false) @Nullable Booking body,
      @RequestHeader(HttpHeaders.CONTENT_TYPE) MediaType type) {
    // An empty protobuf body is the empty message (then a 422); an empty JSON body is not JSON at all.
    if (body == null && MediaType.APPLICATION_JSON.isCompatibleWith(type)) {
      throw new Errors.Status(HttpStatus.BAD_REQUEST, "the body is empty");
    }
    BookingInput input = BookingInput.validate(body == null ? Booking.getDefaultInstance() : body);
    List<Allocation> allocations = Allocation.spread(input.cents(), input.startDate(), input.endDate());
    int rowId = retry.run(() -> ledger.book(input, allocations));
    List<Share> shares = allocations.stream().map(a -> new Share(a.fiscalPeriodId(), a.amount().toPlainString())).toList();
    return ResponseEntity.status(HttpStatus.CREATED).contentType(MediaType.APPLICATION_JSON)
        .body(new Created(rowId, input.bookingId(), shares));
  }

  @GetMapping("/aggregates")
  List<Total> aggregates(@RequestParam MultiValueMap<String, String> query) {
    return ledger.aggregates(filter(query, "model"), filter(query, "trim")).stream()
        .map(a -> new Total(a.model(), a.trim(), a.fiscalPeriodId(), money(a.totalDollarAmount()), a.version()))
        .toList();
  }

  // The raw values: a String parameter would join repeated values with commas, a List would split on them.
  private static @Nullable String filter(MultiValueMap<String, String> query, String name) {
    List<String> values = query.getOrDefault(name, List.of());
    if (values.size() > 1) {
      throw new Errors.Status(HttpStatus.BAD_REQUEST, name + " may be given once");
    }
    return values.isEmpty() ? null : values.getFirst();
  }

  private static String money(BigDecimal amount) {
    return amount.setScale(2).toPlainString();
  }
}
