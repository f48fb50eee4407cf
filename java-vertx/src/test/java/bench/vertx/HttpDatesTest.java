package bench.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HttpDatesTest {

    @Test
    void writesAnImfFixdateWithATwoDigitDay() {
        assertEquals("Fri, 01 Mar 2024 08:09:07 GMT", HttpDates.format(Instant.parse("2024-03-01T08:09:07Z")));
    }

    @Test
    void readsTheThreeFormsARecipientMustAccept() {
        Instant expected = Instant.parse("2025-07-01T00:00:00Z");
        assertEquals(expected, HttpDates.parse("Tue, 01 Jul 2025 00:00:00 GMT"));
        assertEquals(expected, HttpDates.parse("Tuesday, 01-Jul-25 00:00:00 GMT"));
        assertEquals(expected, HttpDates.parse("Tue Jul  1 00:00:00 2025"));
        assertNull(HttpDates.parse("yesterday-ish"));
    }
}
