package bench.play.statics;

import bench.contract.statics.StaticTree;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pekko.NotUsed;
import org.apache.pekko.stream.javadsl.Source;
import org.apache.pekko.util.ByteString;

/**
 * A regular file inside the static root, as the contract's {@link StaticTree} finds it (spec/API.md §4.1, step 3), with what a
 * response is made of: its size, its mtime as Last-Modified and in the ETag, the answer to a conditional request
 * (§4.3), and its bytes as a Pekko stream. {@link #resolve} and the stream's reads are blocking file-system calls:
 * they run on the static files' own dispatcher, never on Pekko's default one.
 */
record StaticFile(Path path, long size, Instant lastModified) {
    /**
     * The size of each read. Pekko HTTP has no sendfile, so every byte passes through the heap: 64 KiB chunks cut the
     * per-element cost of the stream (a message across the async boundary, a write to the socket) eightfold against
     * Pekko's 8 KiB default, while the 16 chunks Pekko buffers at most per download (its default input buffer) stay
     * within 1 MiB.
     */
    static final int CHUNK_SIZE = 64 * 1024;

    // RFC_1123_DATE_TIME writes a one-digit day ("Mon, 1 Jan 2024"); IMF-fixdate has two.
    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    // The three forms a recipient must read (RFC 9110 §5.6.7), exactly; the day name is not checked against the date.
    private static final String MONTH = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    private static final String TIME = "(\\d{2}):(\\d{2}):(\\d{2})";
    private static final Pattern IMF =
            Pattern.compile("(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) " + MONTH + " (\\d{4}) " + TIME + " GMT");
    private static final Pattern RFC_850 =
            Pattern.compile("(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-" + MONTH
                    + "-(\\d{2}) " + TIME + " GMT");
    private static final Pattern ASCTIME =
            Pattern.compile("(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) " + MONTH + " ( \\d|\\d{2}) " + TIME + " (\\d{4})");
    private static final List<String> MONTHS =
            List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec");

    /** The regular file that {@code segments} name in the tree, or empty (404). Blocking: realpath and stat. */
    static Optional<StaticFile> resolve(StaticTree tree, List<String> segments) {
        return tree.find(segments).map(found -> new StaticFile(found.path(), found.size(), found.lastModified()));
    }

    /** A weak validator from size and mtime: it changes whenever the file does, without reading the file. */
    String etag() {
        return "W/\"" + Long.toHexString(size) + "-" + Long.toHexString(lastModified.toEpochMilli()) + "\"";
    }

    String lastModifiedHeader() {
        return IMF_FIXDATE.format(lastModified);
    }

    /**
     * A conditional request (§4.3): If-None-Match decides when present ({@code *} matches too, and tags compare
     * weakly, RFC 9110 §13.1.2); otherwise If-Modified-Since, in whole seconds, when it is a valid HTTP date.
     */
    boolean notModified(Optional<String> ifNoneMatch, Optional<String> ifModifiedSince) {
        if (ifNoneMatch.isPresent()) {
            String ours = opaque(etag());
            for (String candidate : ifNoneMatch.get().split(",")) {
                String tag = candidate.strip();
                if (tag.equals("*") || opaque(tag).equals(ours)) {
                    return true;
                }
            }
            return false;
        }
        return ifModifiedSince
                .flatMap(StaticFile::parseHttpDate)
                .map(since -> since.getEpochSecond() >= lastModified.getEpochSecond())
                .orElse(false);
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    /** The instant an HTTP date names in one of its three forms, or empty: any other text is no date. */
    static Optional<Instant> parseHttpDate(String text) {
        String date = text.strip();
        Matcher m;
        if ((m = IMF.matcher(date)).matches()) {
            return instant(m.group(3), m.group(2), m.group(1), m.group(4), m.group(5), m.group(6));
        }
        if ((m = RFC_850.matcher(date)).matches()) {
            return instant(
                    century(Integer.parseInt(m.group(3))), m.group(2), m.group(1), m.group(4), m.group(5), m.group(6));
        }
        if ((m = ASCTIME.matcher(date)).matches()) {
            return instant(m.group(6), m.group(1), m.group(2), m.group(3), m.group(4), m.group(5));
        }
        return Optional.empty();
    }

    /** A two-digit year more than 50 years ahead is the latest past year with those digits (RFC 9110 §5.6.7). */
    private static String century(int twoDigits) {
        int current = LocalDateTime.now(ZoneOffset.UTC).getYear();
        int year = current - current % 100 + twoDigits;
        return Integer.toString(year > current + 50 ? year - 100 : year);
    }

    private static Optional<Instant> instant(
            String year, String month, String day, String hour, String minute, String second) {
        try {
            return Optional.of(LocalDateTime.of(
                            Integer.parseInt(year),
                            MONTHS.indexOf(month) + 1,
                            Integer.parseInt(day.strip()),
                            Integer.parseInt(hour),
                            Integer.parseInt(minute),
                            Integer.parseInt(second))
                    .toInstant(ZoneOffset.UTC));
        } catch (DateTimeException noSuchTime) {
            return Optional.empty(); // 31 Feb, 24:00:00, 23:60:00
        }
    }

    /**
     * The bytes {@code first} to {@code first + count - 1} as a stream that opens the file when it is run and closes
     * it when it completes, fails or is cancelled (a client that goes away mid-download). A response that is never
     * sent, such as HEAD's, never opens it. Reads are positional, of exactly what the range needs.
     */
    Source<ByteString, NotUsed> bytes(long first, long count) {
        return Source.unfoldResource(
                () -> new Reader(FileChannel.open(path, StandardOpenOption.READ), first, first + count),
                Reader::next,
                Reader::close);
    }

    private static final class Reader {
        private final FileChannel channel;
        private final long end;
        private long position;

        Reader(FileChannel channel, long position, long end) {
            this.channel = channel;
            this.position = position;
            this.end = end;
        }

        Optional<ByteString> next() throws IOException {
            if (position >= end) {
                return Optional.empty();
            }
            ByteBuffer chunk = ByteBuffer.allocate((int) Math.min(CHUNK_SIZE, end - position));
            while (chunk.hasRemaining()) {
                if (channel.read(chunk, position + chunk.position()) < 0) {
                    // Shorter than its Content-Length said: Pekko HTTP ends the connection, as it must.
                    throw new EOFException("the file shrank while it was sent");
                }
            }
            position += chunk.capacity();
            return Optional.of(ByteString.fromArrayUnsafe(chunk.array()));
        }

        void close() throws IOException {
            channel.close();
        }
    }
}
