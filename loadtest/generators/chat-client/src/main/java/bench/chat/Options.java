package bench.chat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The command line: {@code --name value} pairs, the defaults of the ones left out, and the usage text. */
record Options(
        String host,
        int port,
        int rooms,
        int usersPerRoom,
        int messages,
        int warmup,
        long intervalMs,
        long settleMs,
        long drainIdleMs,
        long maxSeconds,
        Path out,
        Path histograms,
        String prefix) {

    static final String USAGE =
            "usage: chat-client --port N --out report.json [--host H] [--rooms R] [--users-per-room U] "
                    + "[--messages M] [--warmup-messages W] [--interval-ms 10] [--settle-ms 2000] [--drain-idle-ms 10000] "
                    + "[--max-seconds 600] [--histograms file] [--prefix name]";

    static Options parse(String[] args) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length)
                throw new IllegalArgumentException("expected --name value, got " + args[i]);
            m.put(args[i].substring(2), args[++i]);
        }
        Options o = new Options(
                m.getOrDefault("host", "127.0.0.1"),
                Integer.parseInt(req(m, "port")),
                Integer.parseInt(m.getOrDefault("rooms", "1")),
                Integer.parseInt(m.getOrDefault("users-per-room", "10")),
                Integer.parseInt(m.getOrDefault("messages", "500")),
                Integer.parseInt(m.getOrDefault("warmup-messages", "0")),
                Long.parseLong(m.getOrDefault("interval-ms", "10")),
                Long.parseLong(m.getOrDefault("settle-ms", "2000")),
                Long.parseLong(m.getOrDefault("drain-idle-ms", "10000")),
                Long.parseLong(m.getOrDefault("max-seconds", "600")),
                Path.of(req(m, "out")),
                m.containsKey("histograms") ? Path.of(m.get("histograms")) : null,
                m.getOrDefault("prefix", "load" + Long.toString(System.nanoTime() & 0xffffff, 36)));
        if (o.rooms < 1 || o.usersPerRoom < 1 || o.messages < 1 || o.warmup < 0 || o.intervalMs < 1) {
            throw new IllegalArgumentException(
                    "rooms, users-per-room, messages and interval-ms must be > 0, warmup-messages >= 0");
        }
        return o;
    }

    private static String req(Map<String, String> m, String key) {
        String v = m.get(key);
        if (v == null) throw new IllegalArgumentException("--" + key + " is required");
        return v;
    }

    int users() {
        return rooms * usersPerRoom;
    }

    /** Messages each user sends: the warm-up's, then the measured ones. */
    int totalMessages() {
        return warmup + messages;
    }
}
