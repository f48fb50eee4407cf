package bench.reactor.statics;

/**
 * What a Range header asks of a file of {@code length} bytes, by the contract's one grammar (spec/API.md §4.4):
 * exactly {@code bytes=a-b}, {@code bytes=a-} or {@code bytes=-n} is honoured as a {@link Slice}, a start past the
 * end (or the suffix {@code -0}) is {@link Unsatisfiable}, and anything else, several ranges included, is ignored
 * ({@link Full}).
 */
public sealed interface ByteRange {

    record Full() implements ByteRange {}

    record Slice(long first, long last) implements ByteRange {
        public long length() {
            return last - first + 1;
        }
    }

    record Unsatisfiable() implements ByteRange {}

    static ByteRange parse(String header, long length) {
        String spec = header == null ? "" : header.trim();
        int dash = spec.indexOf('-');
        // Any comma is several ranges: the full body, whether or not each part would be valid.
        if (!spec.startsWith("bytes=") || dash < 0 || spec.indexOf(',') >= 0) {
            return new Full();
        }
        String from = spec.substring("bytes=".length(), dash);
        String to = spec.substring(dash + 1);
        if (!digits(from) || !digits(to) || (from.isEmpty() && to.isEmpty())) {
            return new Full();
        }
        if (from.isEmpty()) {
            long suffix = atMost(to, length);
            return suffix == 0 ? new Unsatisfiable() : new Slice(length - suffix, length - 1);
        }
        if (!to.isEmpty() && compare(from, to) > 0) {
            return new Full();
        }
        long first = atMost(from, length);
        if (first == length) {
            return new Unsatisfiable();
        }
        return new Slice(first, to.isEmpty() ? length - 1 : atMost(to, length - 1));
    }

    /** ASCII digits only (Long.parseLong would take other scripts' digits and a sign too); empty is allowed. */
    private static boolean digits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The number a run of digits writes, or {@code cap} if it is larger: positions may have any number of digits. */
    private static long atMost(String digits, long cap) {
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            int digit = digits.charAt(i) - '0';
            if (value > cap / 10 || value * 10 > cap - digit) {
                return cap;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** Compares two runs of digits as the numbers they write, exactly, whatever their length or leading zeros. */
    private static int compare(String x, String y) {
        int i = significant(x);
        int j = significant(y);
        if (x.length() - i != y.length() - j) {
            return Integer.compare(x.length() - i, y.length() - j);
        }
        for (; i < x.length(); i++, j++) {
            if (x.charAt(i) != y.charAt(j)) {
                return Character.compare(x.charAt(i), y.charAt(j));
            }
        }
        return 0;
    }

    private static int significant(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') {
            i++;
        }
        return i;
    }
}
