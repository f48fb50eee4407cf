package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.bookings.proto.Booking;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;
import tools.jackson.databind.JsonNode;

/** The JSON reader: the proto3 JSON mapping with strict JSON types, or unreadable (400). */
class BookingInputTest {

    private final BookingInput input = new BookingInput();

    Booking read(String body) throws Exception {
        return input.read(Booking.class, new MockHttpInputMessage(body.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @MethodSource("bench.mvc.bookings.AllocationTest#valid")
    void readsEveryValidFixture(JsonNode fixture) throws Exception {
        Booking booking = read(fixture.get("booking").toString());
        assertThat(booking.getBookingId())
                .isEqualTo(fixture.get("booking").get("bookingId").stringValue());
        assertThat(booking.getDollarValue())
                .isEqualTo(fixture.get("booking").get("dollarValue").stringValue());
    }

    @Test
    void wrongJsonTypesAreUnreadable() {
        for (String body : new String[] {
            "{\"bookingId\":42}",
            "{\"model\":[\"x\"]}",
            "{\"originTs\":1.5}",
            "{\"originTs\":\"99999999999999999999\"}",
            "[]",
            "",
            "{\"bookingId\":\"x\"} 1"
        }) {
            assertThatThrownBy(() -> read(body)).as(body).isInstanceOf(HttpMessageNotReadableException.class);
        }
    }

    @Test
    void acceptedSpellings() throws Exception {
        Booking b = read("{\"booking_id\":\"B\",\"originTs\":\"-5\",\"parentId\":null,\"unknown\":{}}");
        assertThat(b.getBookingId()).isEqualTo("B");
        assertThat(b.getOriginTs()).isEqualTo(-5);
        assertThat(b.hasParentId()).isFalse();
        assertThat(input.canRead(Booking.class, MediaType.APPLICATION_JSON)).isTrue();
        assertThat(input.canRead(Booking.class, MediaType.parseMediaType(Bookings.PROTOBUF)))
                .isFalse();
    }
}
