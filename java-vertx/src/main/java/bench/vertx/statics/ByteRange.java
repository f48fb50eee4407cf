package bench.vertx.statics;

import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One byte range of a file of {@code length} bytes, from a Range header (spec/API.md §4.4). Only a single
 * "bytes=a-b", "bytes=a-" or "bytes=-n" is honoured, with no whitespace inside; anything else (several ranges,
 * another unit or spelling, a > b, garbage) is ignored and the whole file is sent, as RFC 9110 §14.2 allows.
 * Positions may have any number of digits and are compared exactly, as BigIntegers: "bytes=0-" followed by
 * thirty nines is the whole file, not a long overflow.
 */
public record ByteRange(long first, long last) {
    private static final Pattern SINGLE = Pattern.compile("bytes=([0-9]*)-([0-9]*)");

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
        BigInteger size = BigInteger.valueOf(length);
        if (m.group(1).isEmpty()) {
            BigInteger suffix = new BigInteger(m.group(2));
            if (suffix.signum() == 0 || length == 0) {
                return new Unsatisfiable();
            }
            // A suffix longer than the file selects all of it.
            return new Partial(new ByteRange(length - suffix.min(size).longValue(), length - 1));
        }
        BigInteger first = new BigInteger(m.group(1));
        BigInteger last = m.group(2).isEmpty() ? null : new BigInteger(m.group(2));
        if (last != null && first.compareTo(last) > 0) {
            return new Full();
        }
        if (first.compareTo(size) >= 0) {
            return new Unsatisfiable();
        }
        // An end past the end of the file, however far, is clamped to the last byte.
        long end = last == null
                ? length - 1
                : last.min(size.subtract(BigInteger.ONE)).longValue();
        return new Partial(new ByteRange(first.longValue(), end));
    }
}
