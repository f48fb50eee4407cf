package bench.vertx;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** HTTP dates (RFC 9110 §5.6.7): IMF-fixdate out, RFC 1123 in. */
public final class HttpDates {
  // RFC_1123_DATE_TIME writes a one-digit day ("Mon, 1 Jan 2024"); IMF-fixdate wants two.
  private static final DateTimeFormatter IMF_FIXDATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

  private HttpDates() {}

  public static String format(Instant instant) {
    return IMF_FIXDATE.format(instant);
  }

  /** The instant of an HTTP date, or null when the text is not one (an unparseable date is ignored). */
  public static Instant parse(String text) {
    if (text == null) {
      return null;
    }
    try {
      return DateTimeFormatter.RFC_1123_DATE_TIME.parse(text.trim(), Instant::from);
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
