package bench.mvc.bookings;

import bench.bookings.proto.Booking;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/**
 * A decoded {@link Booking} to a {@link ValidBooking}, or 422 naming the first rule it breaks (spec/API.md §6.2).
 * Proto3 defaults apply first: an absent string is "", which a required field refuses; an unset optional one is null.
 */
final class BookingRules {

    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,17}(\\.[0-9]{1,2})?");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final LocalDate FIRST = LocalDate.of(2000, 1, 1);
    private static final LocalDate LAST = LocalDate.of(2049, 12, 31);
    private static final long YEAR_10000 = 253_402_300_800_000L;
    private static final int MAX_LENGTH = 255;

    private BookingRules() {}

    static ValidBooking validate(Booking b) {
        String bookingId = required(b.getBookingId(), "booking_id");
        String model = required(b.getModel(), "model");
        String trim = required(b.getTrim(), "trim");
        String dollarValue = required(b.getDollarValue(), "dollar_value");
        require(
                DECIMAL.matcher(dollarValue).matches(),
                "dollar_value must be a decimal with at most 17 digits and 2 decimals");
        BigDecimal value = new BigDecimal(dollarValue);
        require(value.signum() > 0, "dollar_value must not be zero");
        LocalDate start = date(b.getStartDate(), "start_date");
        LocalDate end = date(b.getEndDate(), "end_date");
        require(!end.isBefore(start), "end_date must not be before start_date");
        require(
                b.getOriginTs() > 0 && b.getOriginTs() < YEAR_10000,
                "origin_ts must be positive and before year 10000");
        String parentId = b.hasParentId() ? limited(b.getParentId(), "parent_id") : null;
        String stage = b.hasStage() ? limited(b.getStage(), "stage") : null;
        String type = b.hasType() ? limited(b.getType(), "type") : null;
        return new ValidBooking(
                bookingId,
                value,
                value.movePointRight(2).toBigIntegerExact(),
                start,
                end,
                Instant.ofEpochMilli(b.getOriginTs()),
                parentId,
                model,
                trim,
                stage,
                type);
    }

    private static String required(String value, String field) {
        require(!value.isEmpty(), field + " is required");
        return limited(value, field);
    }

    /** VARCHAR(255) counts code points, not UTF-16 units. */
    private static String limited(String value, String field) {
        require(
                value.codePointCount(0, value.length()) <= MAX_LENGTH,
                field + " is longer than " + MAX_LENGTH + " characters");
        return value;
    }

    private static LocalDate date(String text, String field) {
        required(text, field);
        LocalDate date;
        try {
            require(DATE.matcher(text).matches(), field + " must be a real date as YYYY-MM-DD");
            date = LocalDate.parse(text, DateTimeFormatter.ISO_LOCAL_DATE);
        } catch (DateTimeParseException e) {
            throw invalid(field + " must be a real date as YYYY-MM-DD");
        }
        require(!date.isBefore(FIRST) && !date.isAfter(LAST), field + " must be between " + FIRST + " and " + LAST);
        return date;
    }

    private static void require(boolean condition, String message) {
        if (!condition) throw invalid(message);
    }

    private static ResponseStatusException invalid(String message) {
        return new ResponseStatusException(HttpStatus.UNPROCESSABLE_CONTENT, message);
    }
}
