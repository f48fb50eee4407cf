package bench.mvc.bookings;

import bench.bookings.proto.Booking;
import bench.mvc.Errors;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;

/** A decoded {@link Booking} that passed the contract's validation (spec/API.md §6.2); anything else is a 422. */
record BookingInput(String bookingId, BigDecimal dollarValue, BigInteger cents, LocalDate startDate, LocalDate endDate,
    Instant originTs, String parentId, String model, String trim, String stage, String type) {

  private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,17}(\\.[0-9]{1,2})?");
  private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
  private static final LocalDate FIRST = LocalDate.of(2000, 1, 1);
  private static final LocalDate LAST = LocalDate.of(2049, 12, 31);
  private static final long YEAR_10000 = 253_402_300_800_000L;
  private static final int MAX_LENGTH = 255;

  static BookingInput validate(Booking b) {
    require(!b.getBookingId().isEmpty() && !b.getModel().isEmpty() && !b.getTrim().isEmpty(),
        "bookingId, model and trim are required");
    require(DECIMAL.matcher(b.getDollarValue()).matches(), "dollarValue is not a decimal with at most two places");
    BigDecimal value = new BigDecimal(b.getDollarValue());
    require(value.signum() > 0, "dollarValue must not be zero");
    LocalDate start = date(b.getStartDate());
    LocalDate end = date(b.getEndDate());
    require(!end.isBefore(start), "endDate is before startDate");
    require(!start.isBefore(FIRST) && !end.isAfter(LAST), "dates must lie within 2000-01-01..2049-12-31");
    require(b.getOriginTs() > 0 && b.getOriginTs() < YEAR_10000, "originTs is out of range");
    String parentId = b.hasParentId() ? b.getParentId() : null;
    String stage = b.hasStage() ? b.getStage() : null;
    String type = b.hasType() ? b.getType() : null;
    for (String s : new String[] {b.getBookingId(), b.getModel(), b.getTrim(), parentId, stage, type}) {
      require(s == null || s.codePointCount(0, s.length()) <= MAX_LENGTH, "a text field is over 255 characters");
    }
    return new BookingInput(b.getBookingId(), value, value.movePointRight(2).toBigIntegerExact(), start, end,
        Instant.ofEpochMilli(b.getOriginTs()), parentId, b.getModel(), b.getTrim(), stage, type);
  }

  private static LocalDate date(String text) {
    require(DATE.matcher(text).matches(), "dates are YYYY-MM-DD");
    try {
      return LocalDate.parse(text, DateTimeFormatter.ISO_LOCAL_DATE);
    } catch (DateTimeParseException e) {
      throw invalid("not a calendar date");
    }
  }

  private static void require(boolean condition, String message) {
    if (!condition) throw invalid(message);
  }

  private static Errors.Status invalid(String message) {
    return new Errors.Status(HttpStatus.UNPROCESSABLE_CONTENT, message);
  }
}
