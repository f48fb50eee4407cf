package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.bookings.proto.Booking;
import bench.contract.Refused;
import bench.contract.bookings.BookingRules;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The JSON reader: the proto3 JSON mapping with strict JSON types, or unreadable (400). */
class BookingBodyTest {

    private final BookingBody input = new BookingBody();

    Booking read(String body) throws Exception {
        return input.read(Booking.class, new MockHttpInputMessage(body.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @MethodSource("valid")
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
            "{\"originTs\":1e3}",
            "{\"originTs\":\"+5\"}",
            "\ufeff{}",
            "[]",
            "",
            "{\"bookingId\":\"x\"} 1"
        }) {
            assertThatThrownBy(() -> read(body)).as(body).isInstanceOf(HttpMessageNotReadableException.class);
        }
    }

    static Stream<JsonNode> valid() {
        return fixtures("valid.json");
    }

    static Stream<JsonNode> spellings() {
        return fixtures("json-spellings.json");
    }

    private static Stream<JsonNode> fixtures(String name) {
        return JsonMapper.shared()
                .readTree(Path.of("../spec/fixtures/bookings").resolve(name).toFile())
                .valueStream();
    }

    /** spec/fixtures/bookings/json-spellings.json: 400 here, or the rules' 422 with its message, or valid. */
    @ParameterizedTest
    @MethodSource("spellings")
    void answersEachSpelling(JsonNode fixture) {
        String body = fixture.get("body").stringValue();
        int status = fixture.get("status").asInt();
        if (status == 400) {
            assertThatThrownBy(() -> read(body)).isInstanceOf(HttpMessageNotReadableException.class);
            return;
        }
        if (status == 422) {
            assertThatThrownBy(() -> BookingRules.validate(read(body)))
                    .isInstanceOfSatisfying(
                            Refused.class,
                            e -> assertThat(e.getMessage())
                                    .isEqualTo(fixture.get("error").stringValue()));
            return;
        }
        assertThatCode(() -> BookingRules.validate(read(body))).doesNotThrowAnyException();
    }

    @Test
    void theLastValueGivenWinsUnderEitherName() throws Exception {
        assertThat(read("{\"booking_id\":\"x\",\"bookingId\":\"J\"}").getBookingId())
                .isEqualTo("J");
        assertThat(read("{\"bookingId\":\"J\",\"booking_id\":\"\"}").getBookingId())
                .isEmpty();
        assertThat(read("{\"originTs\":\"x\",\"origin_ts\":5}").getOriginTs()).isEqualTo(5);
        assertThat(read("{\"stage\":\"s\",\"stage\":null}").hasStage()).isFalse();
        assertThatThrownBy(() -> read("{\"bookingId\":\"J\",\"booking_id\":5}"))
                .isInstanceOf(HttpMessageNotReadableException.class);
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
