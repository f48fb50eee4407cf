package bench.vertx.statics;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One byte range of a file of {@code length} bytes, from a Range header (spec/API.md §4.4). Only a single
 * "bytes=a-b", "bytes=a-" or "bytes=-n" is honoured; anything else (several ranges, another unit, a > b,
 * garbage) is ignored and the whole file is sent, as RFC 9110 §14.2 allows.
 */
public record ByteRange(long first, long last) {
    private static final Pattern SINGLE = Pattern.compile("bytes=([0-9]{0,18})-([0-9]{0,18})");

    /** The outcome of reading a Range header: no range (full body), a satisfiable range, or 416. */
    public sealed interface Outcome permits Full, Partial, Unsatisfiable {}

    public record Full() implements Outcome {}

    public record Partial(ByteRange range) implements Outcome {}

    public record Unsatisfiable() implements Outcome {}

    public long length() {
        return last - first + 1;
    }

    public static Outcome parse(String header, long length) {
        if (header == null) {
            return new Full();
        }
        Matcher m = SINGLE.matcher(header.trim());
        if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) {
            return new Full();
        }
        if (m.group(1).isEmpty()) {
            long suffix = Long.parseLong(m.group(2));
            if (suffix == 0) {
                return new Unsatisfiable();
            }
            // A suffix longer than the file selects all of it.
            return length == 0
                    ? new Unsatisfiable()
                    : new Partial(new ByteRange(Math.max(0, length - suffix), length - 1));
        }
        long first = Long.parseLong(m.group(1));
        long last = m.group(2).isEmpty() ? Long.MAX_VALUE : Long.parseLong(m.group(2));
        if (first > last) {
            return new Full();
        }
        if (first >= length) {
            return new Unsatisfiable();
        }
        return new Partial(new ByteRange(first, Math.min(last, length - 1)));
    }
}
