package bench.spring5.bookings;

import bench.bookings.proto.Booking;
import bench.spring5.HttpError;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;

/**
 * A decoded {@link Booking} to a {@link ValidBooking}, or 422 naming the first broken rule of spec/API.md §6.2.
 * Proto3 defaults apply: an absent string is "", which a required field refuses; an unset optional field is NULL.
 */
final class BookingRules {

    private static final Pattern DOLLARS = Pattern.compile("[0-9]{1,17}(\\.[0-9]{1,2})?");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final DateTimeFormatter STRICT_DATE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);
    private static final LocalDate FIRST = LocalDate.of(2000, 1, 1);
    private static final LocalDate LAST = LocalDate.of(2049, 12, 31);
    private static final long ORIGIN_TS_END = 253_402_300_800_000L; // year 10000, beyond DATETIME(3)
    private static final int MAX_CHARS = 255;

    private BookingRules() {}

    static ValidBooking validate(Booking b) {
        String bookingId = required(b.getBookingId(), "booking_id");
        String model = required(b.getModel(), "model");
        String trim = required(b.getTrim(), "trim");
        String dollarValue = required(b.getDollarValue(), "dollar_value");
        if (!DOLLARS.matcher(dollarValue).matches()) {
            throw invalid("dollar_value must be a decimal with at most 17 digits and 2 decimals");
        }
        BigDecimal dollars = new BigDecimal(dollarValue);
        if (dollars.signum() == 0) {
            throw invalid("dollar_value must not be zero");
        }
        LocalDate start = date(b.getStartDate(), "start_date");
        LocalDate end = date(b.getEndDate(), "end_date");
        if (end.isBefore(start)) {
            throw invalid("end_date must not be before start_date");
        }
        if (b.getOriginTs() <= 0 || b.getOriginTs() >= ORIGIN_TS_END) {
            throw invalid("origin_ts must be positive and before year 10000");
        }
        LocalDateTime origin = LocalDateTime.ofInstant(Instant.ofEpochMilli(b.getOriginTs()), ZoneOffset.UTC);
        return new ValidBooking(
                bookingId,
                dollars,
                dollars.movePointRight(2).toBigIntegerExact(),
                start,
                end,
                origin,
                b.hasParentId() ? limited(b.getParentId(), "parent_id") : null,
                model,
                trim,
                b.hasStage() ? limited(b.getStage(), "stage") : null,
                b.hasType() ? limited(b.getType(), "type") : null);
    }

    private static String required(String value, String name) {
        if (value.isEmpty()) {
            throw invalid(name + " is required");
        }
        return limited(value, name);
    }

    // VARCHAR(255) counts code points, not UTF-16 units.
    private static String limited(String value, String name) {
        if (value.codePointCount(0, value.length()) > MAX_CHARS) {
            throw invalid(name + " is longer than " + MAX_CHARS + " characters");
        }
        return value;
    }

    private static LocalDate date(String value, String name) {
        required(value, name);
        LocalDate date;
        try {
            if (!DATE.matcher(value).matches()) {
                throw invalid(name + " must be a real date as YYYY-MM-DD");
            }
            date = LocalDate.parse(value, STRICT_DATE);
        } catch (DateTimeParseException e) {
            throw invalid(name + " must be a real date as YYYY-MM-DD");
        }
        if (date.isBefore(FIRST) || date.isAfter(LAST)) {
            throw invalid(name + " must be between " + FIRST + " and " + LAST);
        }
        return date;
    }

    private static HttpError invalid(String message) {
        return new HttpError(HttpStatus.UNPROCESSABLE_CONTENT, message);
    }
}
