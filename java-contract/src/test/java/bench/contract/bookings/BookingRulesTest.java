package bench.contract.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.bookings.proto.Booking;
import bench.contract.Refused;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class BookingRulesTest {
    private static ValidBooking validate(String json) {
        return BookingRules.validate(BookingInput.json(json.getBytes(StandardCharsets.UTF_8)));
    }

    /** Each case in both encodings: from JSON, and through protobuf's binary form. */
    @Test
    void everyInvalidFixtureIsUnprocessableWithItsRule() throws InvalidProtocolBufferException {
        for (JsonNode fixture : Fixtures.json("bookings/invalid.json")) {
            String name = fixture.get("name").asText();
            Booking fromJson =
                    BookingInput.json(fixture.get("booking").toString().getBytes(StandardCharsets.UTF_8));
            for (Booking booking : new Booking[] {fromJson, Booking.parseFrom(fromJson.toByteArray())}) {
                Refused error = assertThrows(Refused.class, () -> BookingRules.validate(booking), name);
                assertEquals(422, error.status(), name);
                assertEquals(fixture.get("error").asText(), error.getMessage(), name);
            }
        }
    }

    @Test
    void everyValidFixturePasses() {
        for (JsonNode fixture : Fixtures.json("bookings/valid.json")) {
            ValidBooking valid = validate(fixture.get("booking").toString());
            assertEquals(
                    fixture.get("booking").get("dollarValue").asText(),
                    valid.dollarValue().toPlainString());
        }
    }

    /** The json-spellings fixtures that decode: 422 with exactly their error, or valid. */
    @Test
    void jsonSpellingFixturesThatDecode() {
        for (JsonNode fixture : Fixtures.json("bookings/json-spellings.json")) {
            String name = fixture.get("name").asText();
            String body = fixture.get("body").asText();
            switch (fixture.get("status").asInt()) {
                case 422 -> {
                    Refused error = assertThrows(Refused.class, () -> validate(body), name);
                    assertEquals(422, error.status(), name);
                    assertEquals(fixture.get("error").asText(), error.getMessage(), name);
                }
                case 201 -> validate(body);
                default -> {}
            }
        }
    }

    @Test
    void originTsIsUtcAndOptionalFieldsKeepPresence() {
        ValidBooking booking = validate("""
        {"bookingId":"B-1","dollarValue":"12.5","startDate":"2024-02-29","endDate":"2024-02-29",
         "originTs":1700000000000,"model":"M","trim":"T","stage":""}""");
        assertEquals(LocalDateTime.of(2023, 11, 14, 22, 13, 20), booking.originTs());
        assertEquals(1250, booking.cents().intValueExact());
        assertEquals("12.5", booking.dollarValue().toPlainString());
        assertEquals("", booking.stage());
        assertNull(booking.parentId());
    }

    @Test
    void anEmptyMessageBreaksTheFirstRule() {
        Refused error = assertThrows(Refused.class, () -> BookingRules.validate(Booking.getDefaultInstance()));
        assertEquals(422, error.status());
        assertEquals("booking_id is required", error.getMessage());
    }

    @Test
    void everyValidFixtureKeepsItsIdAndParent() {
        for (JsonNode fixture : Fixtures.json("bookings/valid.json")) {
            JsonNode given = fixture.get("booking");
            ValidBooking valid = validate(given.toString());
            assertEquals(given.get("bookingId").asText(), valid.bookingId());
            assertEquals(given.has("parentId") ? given.get("parentId").asText() : null, valid.parentId());
        }
    }

    @Test
    void lengthsCountCodePoints() {
        String emoji255 = "\ud83d\ude00".repeat(255);
        String booking = """
        {"bookingId":"%s","dollarValue":"1","startDate":"2024-01-01","endDate":"2024-01-01",
         "originTs":1,"model":"M","trim":"T","type":"%s"}""";
        assertEquals(emoji255, validate(booking.formatted(emoji255, "t")).bookingId());
        Refused error = assertThrows(Refused.class, () -> validate(booking.formatted("B", "a".repeat(256))));
        assertEquals("type is longer than 255 characters", error.getMessage());
    }
}
