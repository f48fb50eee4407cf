package bench.contract.statics;

import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Range header asks of a file of {@code length} bytes, by the contract's one grammar (spec/API.md §4.4):
 * exactly {@code bytes=a-b}, {@code bytes=a-} or {@code bytes=-n}, ASCII digits of any length, nothing else inside.
 * Its {@link Outcome} is a {@link Slice}, or {@link Unsatisfiable} when it starts at or past the end (or is the suffix {@code -0});
 * anything else (several ranges, another unit or spelling, whitespace inside, a > b, garbage) is ignored, {@link
 * Full}, as RFC 9110 §14.2 allows. Positions are compared exactly, as BigIntegers: an end of thirty nines is
 * clamped, never a long overflow. Frameworks' own range parsers read more (several ranges, spaces) or answer a
 * malformed header with 416, hence this one.
 */
public final class ByteRange {
    private static final Pattern ONE = Pattern.compile("bytes=([0-9]*)-([0-9]*)");

    /** What the header asks for: the whole file, one slice of it, or 416. */
    public sealed interface Outcome permits Full, Slice, Unsatisfiable {}

    /** No range: the whole file, 200. */
    public record Full() implements Outcome {}

    /** Bytes {@code first..last} inclusive, 206. */
    public record Slice(long first, long last) implements Outcome {
        public long length() {
            return last - first + 1;
        }
    }

    /** 416 with {@code Content-Range: bytes *}{@code /length}. */
    public record Unsatisfiable() implements Outcome {}

    private ByteRange() {}

    /** The header's value (null when there is none) against a file of {@code length} bytes. */
    public static Outcome parse(String header, long length) {
        Matcher range = header == null ? null : ONE.matcher(withoutOws(header));
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
            return new Slice(length - suffix.min(size).longValueExact(), length - 1);
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
        return new Slice(first.longValueExact(), end.longValueExact());
    }

    /** Whitespace around a field value (SP and HTAB, RFC 9110 §5.5) is not part of it; inside, the grammar has none. */
    private static String withoutOws(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && (value.charAt(start) == ' ' || value.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (value.charAt(end - 1) == ' ' || value.charAt(end - 1) == '\t')) {
            end--;
        }
        return value.substring(start, end);
    }
}
