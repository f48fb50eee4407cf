package bench.spring5.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.bookings.proto.Booking;
import bench.spring5.Fixtures;
import bench.spring5.HttpError;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class BookingInputTest {

  private static Booking json(String text) {
    return BookingInput.fromJson(text.getBytes(StandardCharsets.UTF_8));
  }

  private static int status(Runnable action) {
    try {
      action.run();
      return 0;
    } catch (HttpError e) {
      return e.status().value();
    }
  }

  @Test
  void acceptsCamelAndSnakeNamesAndOriginTsAsNumberOrString() {
    Booking camel = json("{\"bookingId\":\"B\",\"originTs\":\"1700000000000\",\"parentId\":\"P\"}");
    Booking snake = json("{\"booking_id\":\"B\",\"origin_ts\":1700000000000,\"parent_id\":\"P\",\"extra\":[1]}");
    assertThat(snake).isEqualTo(camel);
    assertThat(camel.hasParentId()).isTrue();
  }

  @Test
  void nullMeansAbsent() {
    Booking booking = json("{\"bookingId\":null,\"stage\":null,\"originTs\":null}");
    assertThat(booking.getBookingId()).isEmpty();
    assertThat(booking.hasStage()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"null", "[]", "\"x\"", "{\"model\":42}", "{\"trim\":true}", "{\"stage\":{}}",
      "{\"bookingId\":[\"x\"]}", "{\"originTs\":\"soon\"}", "{\"originTs\":1.5}", "{\"originTs\":true}",
      "{\"originTs\":\"99999999999999999999\"}", "{\"originTs\":99999999999999999999}", "{"})
  void refusesWhatIsNotABookingWith400(String body) {
    assertThat(status(() -> json(body))).isEqualTo(400);
  }

  @Test
  void refusesTruncatedProtobufAndInvalidWireTypes() {
    assertThat(status(() -> BookingInput.fromProtobuf(new byte[] {0x0a, 0x05, 'a'}))).isEqualTo(400);
    assertThat(status(() -> BookingInput.fromProtobuf(new byte[] {0x0e}))).isEqualTo(400);
    assertThat(BookingInput.fromProtobuf(new byte[0])).isEqualTo(Booking.getDefaultInstance());
  }

  @Test
  void everyInvalidFixtureIs422() {
    for (JsonNode fixture : Fixtures.json("bookings/invalid.json")) {
      Booking booking = json(fixture.get("booking").toString());
      assertThat(status(() -> ValidBooking.of(booking))).as(fixture.get("name").stringValue()).isEqualTo(422);
    }
  }

  @Test
  void everyValidFixtureValidates() {
    for (JsonNode fixture : Fixtures.json("bookings/valid.json")) {
      JsonNode given = fixture.get("booking");
      ValidBooking booking = ValidBooking.of(json(given.toString()));
      assertThat(booking.bookingId()).isEqualTo(given.get("bookingId").stringValue());
      assertThat(booking.parentId()).isEqualTo(given.has("parentId") ? given.get("parentId").stringValue() : null);
    }
  }

  @Test
  void originTsIsUtc() {
    ValidBooking booking = ValidBooking.of(json("{\"bookingId\":\"B\",\"dollarValue\":\"1.00\",\"startDate\":"
        + "\"2022-01-01\",\"endDate\":\"2022-01-01\",\"originTs\":1700000000000,\"model\":\"m\",\"trim\":\"t\"}"));
    assertThat(booking.originTs()).isEqualTo(LocalDateTime.of(2023, 11, 14, 22, 13, 20));
  }
}
