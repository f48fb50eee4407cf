package bench.reactor.statics;

/**
 * What a Range header asks of a file of {@code length} bytes (spec/API.md §4.4, RFC 9110 §14.1.2): one "bytes="
 * range is honoured as a {@link Slice}, anything else is ignored ({@link Full}), a range past the end is 416.
 */
public sealed interface ByteRange {

    record Full() implements ByteRange {}

    record Slice(long first, long last) implements ByteRange {
        public long length() {
            return last - first + 1;
        }
    }

    record Unsatisfiable() implements ByteRange {}

    /** Malformed headers and several ranges fall back to the full body, as the contract allows. */
    static ByteRange parse(String header, long length) {
        String spec = header == null ? "" : header.trim();
        int dash = spec.indexOf('-');
        if (!spec.startsWith("bytes=") || dash < 0) {
            return new Full();
        }
        String from = spec.substring("bytes=".length(), dash);
        String to = spec.substring(dash + 1);
        if (!digits(from) || !digits(to) || (from.isEmpty() && to.isEmpty())) {
            return new Full();
        }
        try {
            if (from.isEmpty()) {
                long suffix = Long.parseLong(to);
                if (suffix == 0 || length == 0) {
                    return new Unsatisfiable();
                }
                return new Slice(Math.max(0, length - suffix), length - 1);
            }
            long first = Long.parseLong(from);
            long last = to.isEmpty() ? Long.MAX_VALUE : Long.parseLong(to);
            if (last < first) {
                return new Full();
            }
            if (first >= length) {
                return new Unsatisfiable();
            }
            return new Slice(first, Math.min(last, length - 1));
        } catch (NumberFormatException tooManyDigits) {
            return new Full();
        }
    }

    /** ASCII digits only (Long.parseLong would take other scripts' digits too); empty is allowed. */
    private static boolean digits(String s) {
        return s.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
