package bench.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command line loadtest/run/chat.mjs builds (clientArgs): its names, defaults and checks. */
class OptionsTest {

    @Test
    void onlyPortAndOutAreRequiredTheRestHasDefaults() {
        Options o = Options.parse(new String[] {"--port", "8085", "--out", "r.json"});
        assertEquals("127.0.0.1", o.host());
        assertEquals(8085, o.port());
        assertEquals(1, o.rooms());
        assertEquals(10, o.usersPerRoom());
        assertEquals(500, o.messages());
        assertEquals(0, o.warmup());
        assertEquals(10, o.intervalMs());
        assertEquals(2000, o.settleMs());
        assertEquals(10_000, o.drainIdleMs());
        assertEquals(600, o.maxSeconds());
        assertEquals(Path.of("r.json"), o.out());
        assertNull(o.histograms());
        assertTrue(o.prefix().startsWith("load"));
    }

    @Test
    void everyOptionTheBenchPassesIsRead() {
        Options o = Options.parse(new String[] {
            "--host",
            "h",
            "--port",
            "1",
            "--rooms",
            "4",
            "--users-per-room",
            "17",
            "--messages",
            "30",
            "--warmup-messages",
            "5",
            "--interval-ms",
            "20",
            "--settle-ms",
            "300",
            "--drain-idle-ms",
            "1000",
            "--out",
            "o.json",
            "--histograms",
            "l.hgrm",
            "--max-seconds",
            "60",
            "--prefix",
            "fault"
        });
        assertEquals(
                new Options("h", 1, 4, 17, 30, 5, 20, 300, 1000, 60, Path.of("o.json"), Path.of("l.hgrm"), "fault"), o);
        assertEquals(68, o.users());
        assertEquals(35, o.totalMessages());
    }

    @Test
    void badArgumentsSayWhat() {
        assertEquals("--port is required", message());
        assertEquals("--out is required", message("--port", "1"));
        assertEquals("expected --name value, got --port", message("--port"));
        assertEquals("expected --name value, got port", message("port", "1"));
        assertEquals(
                "rooms, users-per-room, messages and interval-ms must be > 0, warmup-messages >= 0",
                message("--port", "1", "--out", "x", "--rooms", "0"));
        assertEquals(
                "rooms, users-per-room, messages and interval-ms must be > 0, warmup-messages >= 0",
                message("--port", "1", "--out", "x", "--warmup-messages", "-1"));
        assertThrows(NumberFormatException.class, () -> Options.parse(new String[] {"--port", "x", "--out", "y"}));
    }

    private static String message(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> Options.parse(args))
                .getMessage();
    }
}
