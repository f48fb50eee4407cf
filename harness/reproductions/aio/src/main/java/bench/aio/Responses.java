package bench.aio;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The answers, written as bytes: hello's 200 ({@code Hello, World!}, as every stack answers /hello), and the reason
 * phrase as a text body for the rest. Every answer has {@code Content-Type}, {@code Content-Length} and {@code Date},
 * as Node's {@code http} module writes them for its counterpart; {@code Connection: close} when the connection ends
 * after it, {@code Connection: keep-alive} when an HTTP/1.0 client asked to keep it. All but the date line are made
 * once, at start.
 */
final class Responses {

    /** Room one answer may need in the output buffer. */
    static final int MAX = 256;

    private static final Map<Integer, String> REASONS = Map.of(
            200, "OK",
            400, "Bad Request",
            404, "Not Found",
            405, "Method Not Allowed",
            431, "Request Header Fields Too Large",
            501, "Not Implemented",
            505, "HTTP Version Not Supported");

    private static final Map<Integer, byte[]> BODIES =
            byStatus(status -> status == 200 ? ascii("Hello, World!") : ascii(REASONS.get(status)));

    private static final Map<Integer, byte[]> HEADS = byStatus(status -> ascii("HTTP/1.1 " + status + " "
            + REASONS.get(status) + "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
            + BODIES.get(status).length + "\r\n" + (status == 405 ? "Allow: GET, HEAD\r\n" : "")));

    private static final byte[] CLOSE = ascii("Connection: close\r\n\r\n");
    private static final byte[] KEEP_ALIVE = ascii("Connection: keep-alive\r\n\r\n");
    private static final byte[] END = ascii("\r\n");

    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH);

    /** The Date header of one second. */
    private record DateLine(long second, byte[] bytes) {}

    private static volatile DateLine date = new DateLine(-1, new byte[0]);

    private Responses() {}

    /** The answer to {@code request}, at the output buffer's position (it has {@link #MAX} bytes of room). */
    static void write(ByteBuffer out, RequestHead request) {
        int status = request.status();
        out.put(HEADS.get(status)).put(dateLine());
        out.put(!request.keepAlive() ? CLOSE : request.http10() ? KEEP_ALIVE : END);
        if (!request.head()) out.put(BODIES.get(status));
    }

    private static byte[] dateLine() {
        long second = System.currentTimeMillis() / 1000;
        DateLine current = date;
        if (current.second() != second) {
            current = new DateLine(
                    second, ascii("Date: " + IMF_FIXDATE.format(ZonedDateTime.now(ZoneOffset.UTC)) + "\r\n"));
            date = current;
        }
        return current.bytes();
    }

    private static Map<Integer, byte[]> byStatus(Function<Integer, byte[]> bytes) {
        return Stream.of(200, 400, 404, 405, 431, 501, 505).collect(Collectors.toMap(s -> s, bytes));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
