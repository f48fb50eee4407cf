package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.bookings.proto.Booking;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.MockHttpInputMessage;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The rules against spec/fixtures/bookings: every valid booking passes, every invalid one is 422 with its text. */
class BookingRulesTest {

    static Stream<JsonNode> invalid() {
        JsonNode cases = JsonMapper.builder()
                .build()
                .readTree(AllocationTest.FIXTURES.resolve("invalid.json").toFile());
        return cases.valueStream();
    }

    /** As the wire brings it: decoded from JSON, then through protobuf's binary form. */
    private static Booking booking(JsonNode fixture) throws Exception {
        byte[] json = fixture.get("booking").toString().getBytes(StandardCharsets.UTF_8);
        Booking booking = new BookingInput().read(Booking.class, new MockHttpInputMessage(json));
        return Booking.parseFrom(booking.toByteArray());
    }

    @ParameterizedTest
    @MethodSource("bench.mvc.bookings.AllocationTest#valid")
    void validBookingsPass(JsonNode fixture) throws Exception {
        ValidBooking valid = BookingRules.validate(booking(fixture));
        assertThat(valid.bookingId())
                .isEqualTo(fixture.get("booking").get("bookingId").stringValue());
        assertThat(valid.dollarValue().toPlainString())
                .isEqualTo(fixture.get("booking").get("dollarValue").stringValue());
    }

    @ParameterizedTest
    @MethodSource("invalid")
    void invalidBookingsAre422WithTheirRule(JsonNode fixture) throws Exception {
        Booking booking = booking(fixture);
        assertThatThrownBy(() -> BookingRules.validate(booking))
                .as(fixture.get("name").stringValue())
                .isInstanceOfSatisfying(ResponseStatusException.class, e -> {
                    assertThat(e.getStatusCode()).isEqualTo(HttpStatus.UNPROCESSABLE_CONTENT);
                    assertThat(e.getReason()).isEqualTo(fixture.get("error").stringValue());
                });
    }
}
