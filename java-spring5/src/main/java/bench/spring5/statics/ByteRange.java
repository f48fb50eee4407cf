package bench.spring5.statics;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One byte range of a file of {@code size} bytes (spec/API.md §4.4). Spring's HttpRange answers a malformed
 * header with 416 where the contract ignores it, hence this parser.
 */
record ByteRange(long start, long end) {

    private static final Pattern SINGLE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    /** Answered with 416 and {@code Content-Range: bytes *}{@code /size}. */
    static final ByteRange UNSATISFIABLE = new ByteRange(-1, -1);

    long length() {
        return end - start + 1;
    }

    /**
     * The range to serve, {@link #UNSATISFIABLE}, or null for the whole file: no header, several ranges, or
     * a header that does not parse (wrong unit, a > b, garbage).
     */
    static ByteRange parse(String header, long size) {
        if (header == null) {
            return null;
        }
        Matcher m = SINGLE.matcher(header.trim());
        if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) {
            return null;
        }
        try {
            if (m.group(1).isEmpty()) {
                long suffix = Long.parseLong(m.group(2));
                if (suffix == 0 || size == 0) {
                    return UNSATISFIABLE;
                }
                return new ByteRange(Math.max(0, size - suffix), size - 1);
            }
            long start = Long.parseLong(m.group(1));
            if (m.group(2).isEmpty()) {
                return start >= size ? UNSATISFIABLE : new ByteRange(start, size - 1);
            }
            long end = Long.parseLong(m.group(2));
            if (end < start) {
                return null;
            }
            return start >= size ? UNSATISFIABLE : new ByteRange(start, Math.min(end, size - 1));
        } catch (NumberFormatException e) {
            return null; // more digits than a long holds: not a range this file can have
        }
    }
}
