package bench.contract.bookings;

import bench.bookings.proto.Booking;
import bench.contract.Refused;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Pattern;

/**
 * A decoded Booking → a {@link ValidBooking}, or 422 naming the first rule it breaks (spec/API.md §6.2), in the order
 * and the words of the contract. Proto3 defaults apply: an absent string is "", which a required field refuses; an
 * unset optional field is NULL.
 */
public final class BookingRules {
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,17}(\\.[0-9]{1,2})?");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final LocalDate FIRST_DAY = LocalDate.of(2000, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(2049, 12, 31);
    private static final long MAX_ORIGIN_TS = 253_402_300_800_000L; // 10000-01-01T00:00Z: past DATETIME(3)
    private static final int MAX_CHARS = 255;

    private BookingRules() {}

    public static ValidBooking validate(Booking b) {
        String bookingId = required(b.getBookingId(), "booking_id");
        String model = required(b.getModel(), "model");
        String trim = required(b.getTrim(), "trim");
        String dollarValue = required(b.getDollarValue(), "dollar_value");
        if (!DECIMAL.matcher(dollarValue).matches()) {
            throw reject("dollar_value must be a decimal with at most 17 digits and 2 decimals");
        }
        BigDecimal value = new BigDecimal(dollarValue);
        if (value.signum() == 0) {
            throw reject("dollar_value must not be zero");
        }
        LocalDate startDate = date(b.getStartDate(), "start_date");
        LocalDate endDate = date(b.getEndDate(), "end_date");
        if (endDate.isBefore(startDate)) {
            throw reject("end_date must not be before start_date");
        }
        long originTs = b.getOriginTs();
        if (originTs <= 0 || originTs >= MAX_ORIGIN_TS) {
            throw reject("origin_ts must be positive and before year 10000");
        }
        return new ValidBooking(
                bookingId,
                value,
                value.movePointRight(2).toBigIntegerExact(),
                startDate,
                endDate,
                LocalDateTime.ofInstant(Instant.ofEpochMilli(originTs), ZoneOffset.UTC),
                b.hasParentId() ? limited(b.getParentId(), "parent_id") : null,
                model,
                trim,
                b.hasStage() ? limited(b.getStage(), "stage") : null,
                b.hasType() ? limited(b.getType(), "type") : null);
    }

    private static String required(String value, String field) {
        if (value.isEmpty()) {
            throw reject(field + " is required");
        }
        return limited(value, field);
    }

    /** VARCHAR(255) in utf8mb4 counts code points, not UTF-16 units. */
    private static String limited(String value, String field) {
        if (value.length() > MAX_CHARS && value.codePointCount(0, value.length()) > MAX_CHARS) {
            throw reject(field + " is longer than " + MAX_CHARS + " characters");
        }
        return value;
    }

    private static LocalDate date(String value, String field) {
        required(value, field);
        LocalDate date;
        try {
            if (!DATE.matcher(value).matches()) {
                throw new DateTimeException(value);
            }
            date = LocalDate.parse(value); // ISO_LOCAL_DATE resolves strictly: 2023-02-29 fails
        } catch (DateTimeException e) {
            throw reject(field + " must be a real date as YYYY-MM-DD");
        }
        if (date.isBefore(FIRST_DAY) || date.isAfter(LAST_DAY)) {
            throw reject(field + " must be between " + FIRST_DAY + " and " + LAST_DAY);
        }
        return date;
    }

    private static Refused reject(String rule) {
        return new Refused(422, rule);
    }
}
