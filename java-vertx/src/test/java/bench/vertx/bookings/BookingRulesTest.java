package bench.vertx.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.vertx.Fixtures;
import bench.vertx.HttpError;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class BookingRulesTest {
    private static ValidBooking validate(String json) {
        return BookingRules.validate(BookingInput.fromJson(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void everyInvalidFixtureIsUnprocessable() {
        for (JsonNode fixture : Fixtures.json("bookings/invalid.json")) {
            HttpError error = assertThrows(
                    HttpError.class,
                    () -> validate(fixture.get("booking").toString()),
                    fixture.get("name").asText());
            assertEquals(422, error.status(), fixture.get("name").asText());
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
                    HttpError error = assertThrows(HttpError.class, () -> validate(body), name);
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
        assertEquals("", booking.stage());
        assertNull(booking.parentId());
    }
}
