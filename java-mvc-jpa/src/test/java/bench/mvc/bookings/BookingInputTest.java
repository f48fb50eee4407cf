package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.bookings.proto.Booking;
import bench.mvc.Errors;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON decoding (BookingJson) and validation against spec/fixtures/bookings, as JSON and as protobuf. */
class BookingInputTest {

  private final BookingJson json = new BookingJson();

  static Stream<JsonNode> invalid() {
    return JsonMapper.builder().build().readTree(AllocationTest.FIXTURES.resolve("invalid.json").toFile()).valueStream();
  }

  private Booking fromJson(String body) throws Exception {
    return json.read(Booking.class, new MockHttpInputMessage(body.getBytes(StandardCharsets.UTF_8)));
  }

  @ParameterizedTest
  @MethodSource("bench.mvc.bookings.AllocationTest#valid")
  void validBookingsPassAsJsonAndProtobuf(JsonNode fixture) throws Exception {
    Booking booking = fromJson(fixture.get("booking").toString());
    Booking viaWire = Booking.parseFrom(booking.toByteArray());
    assertThat(BookingInput.validate(viaWire).bookingId()).isEqualTo(fixture.get("booking").get("bookingId").stringValue());
  }

  @ParameterizedTest
  @MethodSource("invalid")
  void invalidBookingsAre422(JsonNode fixture) throws Exception {
    Booking booking = fromJson(fixture.get("booking").toString());
    assertThatThrownBy(() -> BookingInput.validate(booking)).as(fixture.get("name").stringValue())
        .isInstanceOf(Errors.Status.class);
  }

  @Test
  void wrongJsonTypesAreUnreadable() {
    for (String body : new String[] {"{\"bookingId\":42}", "{\"model\":[\"x\"]}", "{\"originTs\":1.5}",
        "{\"originTs\":\"99999999999999999999\"}", "[]", "", "{\"bookingId\":\"x\"} 1"}) {
      assertThatThrownBy(() -> fromJson(body)).as(body).isInstanceOf(HttpMessageNotReadableException.class);
    }
  }

  @Test
  void acceptedSpellings() throws Exception {
    Booking b = fromJson("{\"booking_id\":\"B\",\"originTs\":\"-5\",\"parentId\":null,\"unknown\":{}}");
    assertThat(b.getBookingId()).isEqualTo("B");
    assertThat(b.getOriginTs()).isEqualTo(-5);
    assertThat(b.hasParentId()).isFalse();
    assertThat(json.canRead(Booking.class, MediaType.APPLICATION_JSON)).isTrue();
  }
}
