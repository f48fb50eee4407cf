package bench.chat;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.Map;

/**
 * The chat load client: {@code rooms × usersPerRoom} WebSocket users in this one JVM speak spec/API.md §7 to one
 * server. They connect, register, wait {@code settle}, then each sends {@code warmup + messages} messages, one
 * every {@code interval}, on a fixed schedule (open loop: a slow server does not slow the schedule down). Every
 * delivery is checked by {@link DeliveryLedger} and, past the warm-up, timed from the message's scheduled send
 * time and from its actual send time, on this process's one monotonic clock ({@link RunClock}).
 * Then it waits for the deliveries still in flight, closes every socket, and writes a JSON report.
 *
 * <p>Where to look: the command line is {@link Options}; the phases of a run are {@link ChatRun}, the sockets
 * {@link Connections}; one user's receiving is {@link ChatUser}, its sending {@link Sender}; the frames are
 * {@link Wire}; the report is {@link RunReport}, with the client's own CPU and GC from {@link ProcessMeter}.
 *
 * <p>Exit status: 0 when the run completed (its verdict is in the report), 2 on bad arguments, 1 on a crash.
 * {@code java -jar chat-client.jar merge <histogram files>} prints merged percentiles instead (see {@link Latencies}).
 */
public final class ChatClient {
    private ChatClient() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("merge")) {
            try {
                Latencies.main(Arrays.copyOfRange(args, 1, args.length));
                System.exit(0);
            } catch (Exception e) {
                System.err.println("chat-client merge: " + e);
                System.exit(1);
            }
        }
        Options options;
        try {
            options = Options.parse(args);
        } catch (RuntimeException e) {
            System.err.println("chat-client: " + e.getMessage());
            System.err.println(Options.USAGE);
            System.exit(2);
            return;
        }
        try {
            Map<String, Object> report = new ChatRun(options).run();
            Files.writeString(options.out(), Json.write(report));
            System.exit(0);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }
}
