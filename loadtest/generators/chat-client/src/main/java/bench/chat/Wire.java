package bench.chat;

/**
 * The frames this client sends, and reading its own messages back from what the server relays.
 *
 * <p>A message frame is {@code {"name":"<user>","chat":"<room>","message":"<sender> <seq> <intended> <sent>"}}:
 * the sender's index, its sequence number, and two times in nanoseconds of this process's one monotonic clock
 * ({@link System#nanoTime()} minus the run's origin): when the message was due by the schedule, and when it was
 * handed to the WebSocket. The server relays the exact text it received (§7.3), so the recipient parses the
 * {@code message} value back. Names and rooms are generated ASCII without quotes or backslashes.
 */
public final class Wire {
    private static final String KEY = "\"message\":\"";

    private Wire() {}

    public static String registration(String name, String room) {
        return "{\"name\":\"" + name + "\",\"chat\":\"" + room + "\"}";
    }

    public static String message(String name, String room, int sender, long seq, long intendedNs, long sentNs) {
        return new StringBuilder(96)
                .append("{\"name\":\"")
                .append(name)
                .append("\",\"chat\":\"")
                .append(room)
                .append("\",\"message\":\"")
                .append(sender)
                .append(' ')
                .append(seq)
                .append(' ')
                .append(intendedNs)
                .append(' ')
                .append(sentNs)
                .append("\"}")
                .toString();
    }

    /** A server's system frame ({"type":"system",…}): never sent to a registered user in a healthy run. */
    public static boolean isSystem(CharSequence text) {
        return text.toString().contains("\"type\":\"system\"");
    }

    /**
     * Reads sender, seq, intended and sent (in that order) into {@code out}; false when the frame is not one of
     * this client's messages.
     */
    public static boolean parse(CharSequence text, long[] out) {
        String s = text.toString();
        int i = s.indexOf(KEY);
        if (i < 0) return false;
        i += KEY.length();
        for (int field = 0; field < 4; field++) {
            long value = 0;
            int start = i;
            boolean negative = i < s.length() && s.charAt(i) == '-';
            if (negative) i++;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c < '0' || c > '9') break;
                value = value * 10 + (c - '0');
                i++;
            }
            if (i == start || (negative && i == start + 1) || i >= s.length()) return false;
            char end = s.charAt(i);
            if (field < 3 ? end != ' ' : end != '"') return false;
            out[field] = negative ? -value : value;
            i++;
        }
        return true;
    }
}
