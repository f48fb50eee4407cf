package bench.vertx;

import io.netty.handler.codec.DateFormatter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Date;
import java.util.Locale;

/** HTTP dates (RFC 9110 §5.6.7): IMF-fixdate out; in, the three forms a recipient must accept (Netty's parser). */
public final class HttpDates {
    // RFC_1123_DATE_TIME writes a one-digit day ("Mon, 1 Jan 2024"); IMF-fixdate wants two.
    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    private HttpDates() {}

    public static String format(Instant instant) {
        return IMF_FIXDATE.format(instant);
    }

    /**
     * The instant of an HTTP date in any of the three forms a recipient must accept (IMF-fixdate, RFC 850,
     * asctime), or null when the text is not one (an unparseable date is ignored).
     */
    public static Instant parse(String text) {
        Date date = text == null ? null : DateFormatter.parseHttpDate(text.trim());
        return date == null ? null : date.toInstant();
    }
}
