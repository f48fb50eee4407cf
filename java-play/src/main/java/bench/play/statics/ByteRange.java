package bench.play.statics;

import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One byte range of a file, {@code first..last} inclusive, from a Range header by the contract's one grammar
 * (spec/API.md §4.4): exactly {@code bytes=a-b}, {@code bytes=a-} or {@code bytes=-n}, ASCII digits of any length,
 * nothing else inside. It is {@link Partial}, or {@link Unsatisfiable} when it starts at or past the end (or is the
 * suffix {@code -0}); anything else (several ranges, another unit or spelling, whitespace inside, a > b, garbage) is
 * ignored, {@link Full}, as RFC 9110 §14.2 allows. Positions are compared exactly, as BigIntegers: an end of thirty
 * nines is clamped, never a long overflow. Not Play's RangeResult: it reads positions with toLong (a longer one
 * throws), answers a > b with 416 and merges several ranges.
 */
public record ByteRange(long first, long last) {
    private static final Pattern ONE = Pattern.compile("bytes=([0-9]*)-([0-9]*)");

    /** What the header asks for: the whole file, one slice of it, or 416. */
    public sealed interface Outcome permits Full, Partial, Unsatisfiable {}

    public record Full() implements Outcome {}

    public record Partial(ByteRange range) implements Outcome {}

    public record Unsatisfiable() implements Outcome {}

    public long length() {
        return last - first + 1;
    }

    /** The header's value (null when there is none) against a file of {@code length} bytes. */
    public static Outcome parse(String header, long length) {
        // Whitespace around the field value is not part of it (RFC 9110 §5.5); inside it, the grammar has none.
        Matcher range = header == null ? null : ONE.matcher(header.strip());
        if (range == null
                || !range.matches()
                || (range.group(1).isEmpty() && range.group(2).isEmpty())) {
            return new Full();
        }
        BigInteger size = BigInteger.valueOf(length);
        if (range.group(1).isEmpty()) {
            BigInteger suffix = new BigInteger(range.group(2));
            if (suffix.signum() == 0 || length == 0) {
                return new Unsatisfiable();
            }
            // A suffix longer than the file, however long, is the whole file.
            return new Partial(new ByteRange(length - suffix.min(size).longValueExact(), length - 1));
        }
        BigInteger first = new BigInteger(range.group(1));
        BigInteger last = range.group(2).isEmpty() ? null : new BigInteger(range.group(2));
        if (last != null && first.compareTo(last) > 0) {
            return new Full();
        }
        if (first.compareTo(size) >= 0) {
            return new Unsatisfiable();
        }
        // An end past the end of the file, however far, is clamped to the last byte.
        BigInteger end = last == null ? size.subtract(BigInteger.ONE) : last.min(size.subtract(BigInteger.ONE));
        return new Partial(new ByteRange(first.longValueExact(), end.longValueExact()));
    }
}
