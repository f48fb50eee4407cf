package bench.reactor.bookings;

import bench.bookings.proto.Booking;
import bench.reactor.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Pattern;

/**
 * A decoded Booking → a {@link ValidBooking}, or 422 naming the first rule it breaks (spec/API.md §6.2, the texts
 * word for word). Proto3 defaults apply: an absent string is "", which a required field refuses; an unset
 * optional field is stored as NULL.
 */
public final class BookingRules {

    private static final Pattern DOLLARS = Pattern.compile("[0-9]{1,17}(\\.[0-9]{1,2})?");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final LocalDate FIRST_DAY = LocalDate.of(2000, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(2049, 12, 31);
    private static final long ORIGIN_TS_LIMIT = 253_402_300_800_000L; // year 10000, beyond DATETIME(3)
    private static final int MAX_CHARS = 255;

    private BookingRules() {}

    public static ValidBooking validate(Booking b) {
        String bookingId = required(b.getBookingId(), "booking_id");
        String model = required(b.getModel(), "model");
        String trim = required(b.getTrim(), "trim");
        String dollarValue = required(b.getDollarValue(), "dollar_value");
        if (!DOLLARS.matcher(dollarValue).matches()) {
            throw unprocessable("dollar_value must be a decimal with at most 17 digits and 2 decimals");
        }
        BigInteger cents = new BigDecimal(dollarValue).movePointRight(2).toBigIntegerExact();
        if (cents.signum() == 0) {
            throw unprocessable("dollar_value must not be zero");
        }
        LocalDate start = date(b.getStartDate(), "start_date");
        LocalDate end = date(b.getEndDate(), "end_date");
        if (end.isBefore(start)) {
            throw unprocessable("end_date must not be before start_date");
        }
        if (b.getOriginTs() <= 0 || b.getOriginTs() >= ORIGIN_TS_LIMIT) {
            throw unprocessable("origin_ts must be positive and before year 10000");
        }
        LocalDateTime originTs = LocalDateTime.ofInstant(Instant.ofEpochMilli(b.getOriginTs()), ZoneOffset.UTC);
        return new ValidBooking(
                bookingId,
                dollarValue,
                cents,
                start,
                end,
                originTs,
                b.hasParentId() ? limited(b.getParentId(), "parent_id") : null,
                model,
                trim,
                b.hasStage() ? limited(b.getStage(), "stage") : null,
                b.hasType() ? limited(b.getType(), "type") : null);
    }

    private static String required(String value, String field) {
        if (value.isEmpty()) {
            throw unprocessable(field + " is required");
        }
        return limited(value, field);
    }

    /** VARCHAR(255) counts code points, not UTF-16 units. */
    private static String limited(String value, String field) {
        if (value.codePointCount(0, value.length()) > MAX_CHARS) {
            throw unprocessable(field + " is longer than 255 characters");
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
            date = LocalDate.parse(value); // ISO_LOCAL_DATE is strict: 2023-02-29 fails
        } catch (DateTimeException e) {
            throw unprocessable(field + " must be a real date as YYYY-MM-DD");
        }
        if (date.isBefore(FIRST_DAY) || date.isAfter(LAST_DAY)) {
            throw unprocessable(field + " must be between " + FIRST_DAY + " and " + LAST_DAY);
        }
        return date;
    }

    private static HttpError unprocessable(String rule) {
        return new HttpError(HttpResponseStatus.UNPROCESSABLE_ENTITY, rule);
    }
}
