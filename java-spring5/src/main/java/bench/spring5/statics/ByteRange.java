package bench.spring5.statics;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One byte range of a file of {@code size} bytes (spec/API.md §4.4). Spring's HttpRange answers a malformed
 * header with 416 where the contract ignores it, hence this parser.
 */
record ByteRange(long start, long end) {

    /** The contract's one grammar: lower-case unit, ASCII digits of any length, no whitespace, no comma. */
    private static final Pattern SINGLE = Pattern.compile("bytes=([0-9]*)-([0-9]*)");

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
        String first = m.group(1);
        String last = m.group(2);
        if (first.isEmpty()) {
            long suffix = position(last);
            if (suffix == 0 || size == 0) {
                return UNSATISFIABLE;
            }
            return new ByteRange(Math.max(0, size - suffix), size - 1);
        }
        if (!last.isEmpty() && greater(first, last)) {
            return null;
        }
        long start = position(first);
        if (start >= size) {
            return UNSATISFIABLE;
        }
        return new ByteRange(start, last.isEmpty() ? size - 1 : Math.min(position(last), size - 1));
    }

    /** Digits as a number, saturated at Long.MAX_VALUE: a position that far is past the end of any file. */
    private static long position(String digits) {
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            int digit = digits.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                return Long.MAX_VALUE;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** a > b, compared exactly however many digits either has (two saturated positions are not equal). */
    private static boolean greater(String a, String b) {
        String x = withoutLeadingZeros(a);
        String y = withoutLeadingZeros(b);
        return x.length() != y.length() ? x.length() > y.length() : x.compareTo(y) > 0;
    }

    private static String withoutLeadingZeros(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') {
            i++;
        }
        return digits.substring(i);
    }
}
