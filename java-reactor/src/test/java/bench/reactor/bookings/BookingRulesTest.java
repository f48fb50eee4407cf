package bench.reactor.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.bookings.proto.Booking;
import bench.reactor.Fixtures;
import bench.reactor.HttpError;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class BookingRulesTest {

    static Stream<JsonNode> invalid() {
        return StreamSupport.stream(Fixtures.json("bookings/invalid.json").spliterator(), false);
    }

    private static Booking decoded(String json) {
        return BookingInput.decode(BookingInput.JSON, json.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{index}")
    @MethodSource("invalid")
    void everyInvalidFixtureIs422WithItsRuleAsJsonAndAsProtobuf(JsonNode fixture) {
        String name = fixture.get("name").asText();
        Booking booking = decoded(fixture.get("booking").toString());
        HttpError asJson = assertThrows(HttpError.class, () -> BookingRules.validate(booking), name);
        assertEquals(422, asJson.status().code(), name);
        assertEquals(fixture.get("error").asText(), asJson.getMessage(), name);
        Booking asProtobuf = BookingInput.decode(BookingInput.PROTOBUF, booking.toByteArray());
        HttpError fromProtobuf = assertThrows(HttpError.class, () -> BookingRules.validate(asProtobuf), name);
        assertEquals(fixture.get("error").asText(), fromProtobuf.getMessage(), name);
    }

    @Test
    void originTsIsUtcAndAbsentOptionalsAreNull() {
        ValidBooking booking = BookingRules.validate(
                decoded(
                        "{\"booking_id\":\"B-1\",\"dollar_value\":\"12.5\",\"start_date\":\"2022-06-01\",\"end_date\":\"2022-07-31\","
                                + "\"origin_ts\":1700000000000,\"model\":\"Corolla\",\"trim\":\"LE\",\"stage\":\"\",\"type\":null}"));
        assertEquals(LocalDateTime.of(2023, 11, 14, 22, 13, 20), booking.originTs());
        assertEquals(1250, booking.cents().intValueExact());
        assertEquals("", booking.stage());
        assertNull(booking.type());
        assertNull(booking.parentId());
    }

    @Test
    void anEmptyMessageBreaksTheFirstRule() {
        HttpError error = assertThrows(HttpError.class, () -> BookingRules.validate(Booking.getDefaultInstance()));
        assertEquals(422, error.status().code());
        assertEquals("booking_id is required", error.getMessage());
    }
}
