package bench.chat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WireTest {

    @Test
    void aMessageRoundTripsThroughTheRelayedText() {
        String text = Wire.message("load-u3", "load-room1", 3, 499, 5_123_456_789L, 5_123_999_000L);
        assertEquals(
                "{\"name\":\"load-u3\",\"chat\":\"load-room1\",\"message\":\"3 499 5123456789 5123999000\"}", text);
        long[] out = new long[4];
        assertTrue(Wire.parse(text, out));
        assertArrayEquals(new long[] {3, 499, 5_123_456_789L, 5_123_999_000L}, out);
    }

    @Test
    void framesThatAreNotOurMessagesDoNotParse() {
        long[] out = new long[4];
        assertFalse(Wire.parse("{\"type\":\"system\",\"message\":\"A user with that name already exists\"}", out));
        assertFalse(Wire.parse("{\"message\":\"1 2 3\"}", out));
        assertFalse(Wire.parse("{\"message\":\"1 2 3 4 5\"}", out));
        assertFalse(Wire.parse("{\"message\":\"1 x 3 4\"}", out));
        assertFalse(Wire.parse("not json", out));
        assertTrue(Wire.isSystem("{\"type\":\"system\",\"message\":\"bye\"}"));
        assertEquals("{\"name\":\"a\",\"chat\":\"b\"}", Wire.registration("a", "b"));
    }

    @Test
    void histogramsMergeAcrossFilesAndReportMilliseconds(@TempDir Path dir) throws Exception {
        Histogram a = Latencies.histogram();
        Histogram b = Latencies.histogram();
        for (int i = 1; i <= 1000; i++) Latencies.recordNanos(a, i * 1_000_000L); // 1..1000 ms
        Latencies.recordNanos(b, 5_000_000_000L); // one 5 s outlier
        Latencies.write(dir.resolve("a"), Map.of("latencyMs", a));
        Latencies.write(dir.resolve("b"), Map.of("latencyMs", b));
        Histogram merged = Latencies.histogram();
        merged.add(Latencies.read(dir.resolve("a")).get("latencyMs"));
        merged.add(Latencies.read(dir.resolve("b")).get("latencyMs"));
        Map<String, Object> s = Latencies.summary(merged);
        assertEquals(1001L, s.get("count"));
        assertEquals(501.0, (double) s.get("p50"), 0.501); // rank 501 of 1001, within HdrHistogram's 0.1 %
        assertEquals(5000.0, (double) s.get("max"), 5.0);
        assertTrue(Files.size(dir.resolve("a")) < 10_000);
    }
}
