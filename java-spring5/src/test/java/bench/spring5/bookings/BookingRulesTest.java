package bench.spring5.bookings;

import static org.assertj.core.api.Assertions.assertThat;

import bench.bookings.proto.Booking;
import bench.spring5.Fixtures;
import bench.spring5.HttpError;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class BookingRulesTest {

    private static Booking booking(JsonNode given) {
        return BookingInputTest.json(given.toString());
    }

    @Test
    void everyInvalidFixtureIs422WithItsError() {
        for (JsonNode fixture : Fixtures.json("bookings/invalid.json")) {
            Booking booking = booking(fixture.get("booking"));
            String name = fixture.get("name").stringValue();
            try {
                BookingRules.validate(booking);
                throw new AssertionError(name + " passed the rules");
            } catch (HttpError e) {
                assertThat(e.status().value()).as(name).isEqualTo(422);
                assertThat(e.getMessage())
                        .as(name)
                        .isEqualTo(fixture.get("error").stringValue());
            }
        }
    }

    @Test
    void everyValidFixtureValidates() {
        for (JsonNode fixture : Fixtures.json("bookings/valid.json")) {
            JsonNode given = fixture.get("booking");
            ValidBooking booking = BookingRules.validate(booking(given));
            assertThat(booking.bookingId()).isEqualTo(given.get("bookingId").stringValue());
            assertThat(booking.parentId())
                    .isEqualTo(given.has("parentId") ? given.get("parentId").stringValue() : null);
            assertThat(booking.dollarValue())
                    .isEqualTo(new BigDecimal(given.get("dollarValue").stringValue()));
        }
    }

    @Test
    void originTsIsUtcAndTheValueIsInCents() {
        ValidBooking booking =
                BookingRules.validate(BookingInputTest.json("{\"bookingId\":\"B\",\"dollarValue\":\"12.5\","
                        + "\"startDate\":\"2022-01-01\",\"endDate\":\"2022-01-01\",\"originTs\":1700000000000,\"model\":\"m\","
                        + "\"trim\":\"t\"}"));
        assertThat(booking.originTs()).isEqualTo(LocalDateTime.of(2023, 11, 14, 22, 13, 20));
        assertThat(booking.cents()).isEqualTo(BigInteger.valueOf(1250));
    }
}
