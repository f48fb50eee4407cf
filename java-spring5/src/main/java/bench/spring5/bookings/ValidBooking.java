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
 * A booking that passed the rules of spec/API.md §6.2, in the types it is stored with. Absent optional
 * fields are null; proto3 defaults ("" and 0) apply to the others before the rules are checked.
 */
record ValidBooking(String bookingId, BigDecimal dollarValue, LocalDate startDate, LocalDate endDate,
    LocalDateTime originTs, String parentId, String model, String trim, String stage, String type) {

  private static final Pattern DOLLARS = Pattern.compile("[0-9]{1,17}(\\.[0-9]{1,2})?");
  private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
  private static final DateTimeFormatter STRICT_DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd")
      .withResolverStyle(ResolverStyle.STRICT);
  private static final LocalDate FIRST = LocalDate.of(2000, 1, 1);
  private static final LocalDate LAST = LocalDate.of(2049, 12, 31);
  private static final long ORIGIN_TS_END = 253_402_300_800_000L; // year 10000, beyond DATETIME(3)
  private static final int MAX_CHARS = 255;

  static ValidBooking of(Booking b) {
    String bookingId = required(b.getBookingId(), "bookingId");
    String model = required(b.getModel(), "model");
    String trim = required(b.getTrim(), "trim");
    if (!DOLLARS.matcher(b.getDollarValue()).matches()) {
      throw invalid("dollarValue must be a decimal with at most 17 digits and 2 decimals");
    }
    BigDecimal dollars = new BigDecimal(b.getDollarValue());
    if (dollars.signum() == 0) {
      throw invalid("dollarValue must not be zero");
    }
    LocalDate start = date(b.getStartDate(), "startDate");
    LocalDate end = date(b.getEndDate(), "endDate");
    if (end.isBefore(start)) {
      throw invalid("endDate must not be before startDate");
    }
    if (b.getOriginTs() <= 0 || b.getOriginTs() >= ORIGIN_TS_END) {
      throw invalid("originTs must be positive epoch milliseconds before the year 10000");
    }
    LocalDateTime origin = LocalDateTime.ofInstant(Instant.ofEpochMilli(b.getOriginTs()), ZoneOffset.UTC);
    return new ValidBooking(bookingId, dollars, start, end, origin,
        b.hasParentId() ? limited(b.getParentId(), "parentId") : null, model, trim,
        b.hasStage() ? limited(b.getStage(), "stage") : null, b.hasType() ? limited(b.getType(), "type") : null);
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
    if (!DATE.matcher(value).matches()) {
      throw invalid(name + " must be a date YYYY-MM-DD");
    }
    LocalDate date;
    try {
      date = LocalDate.parse(value, STRICT_DATE);
    } catch (DateTimeParseException e) {
      throw invalid(name + " is not a calendar date");
    }
    if (date.isBefore(FIRST) || date.isAfter(LAST)) {
      throw invalid(name + " must be within 2000-01-01..2049-12-31");
    }
    return date;
  }

  private static HttpError invalid(String message) {
    return new HttpError(HttpStatus.UNPROCESSABLE_CONTENT, message);
  }
}
