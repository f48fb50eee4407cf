package bench.chat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Latency histograms in microseconds (1 µs to 1 hour, 3 significant digits: every figure is within 0.1 % of a
 * latency some delivery had), their percentiles in milliseconds, and the file the bench merges repeats from:
 * one line per histogram, {@code <name> <base64 of HdrHistogram's compressed encoding>}.
 */
public final class Latencies {
    public static final long HIGHEST_US = 3_600_000_000L;
    public static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private Latencies() {}

    public static Histogram histogram() {
        return new Histogram(HIGHEST_US, 3);
    }

    /** Records a latency in nanoseconds (clamped to the histogram's range). */
    public static void recordNanos(Histogram h, long nanos) {
        h.recordValue(Math.min(HIGHEST_US, Math.max(0, nanos / 1000)));
    }

    /** p50, p90, p99, p99.9 and max in ms, with the count; nulls when empty. */
    public static Map<String, Object> summary(Histogram h) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (double p : PERCENTILES) {
            String key = "p" + (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p));
            out.put(key, h.getTotalCount() == 0 ? null : h.getValueAtPercentile(p) / 1000.0);
        }
        out.put("max", h.getTotalCount() == 0 ? null : h.getMaxValue() / 1000.0);
        out.put("count", h.getTotalCount());
        return out;
    }

    public static void write(Path file, Map<String, Histogram> histograms) throws IOException {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Histogram> e : histograms.entrySet()) {
            ByteBuffer buffer = ByteBuffer.allocate(e.getValue().getNeededByteBufferCapacity());
            int n = e.getValue().encodeIntoCompressedByteBuffer(buffer);
            out.append(e.getKey())
                    .append(' ')
                    .append(Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), n)))
                    .append('\n');
        }
        Files.writeString(file, out);
    }

    public static Map<String, Histogram> read(Path file) throws IOException {
        Map<String, Histogram> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank()) continue;
            String[] parts = line.split(" ", 2);
            try {
                out.put(
                        parts[0],
                        Histogram.decodeFromCompressedByteBuffer(
                                ByteBuffer.wrap(Base64.getDecoder().decode(parts[1].trim())), 0));
            } catch (DataFormatException e) {
                throw new IOException(file + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** {@code merge <file>…}: prints the percentiles of each named histogram over all the files, as JSON. */
    public static void main(String[] args) throws IOException {
        Map<String, Histogram> total = new LinkedHashMap<>();
        for (String arg : args) {
            for (Map.Entry<String, Histogram> e : read(Path.of(arg)).entrySet()) {
                total.computeIfAbsent(e.getKey(), k -> histogram()).add(e.getValue());
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Histogram> e : total.entrySet()) out.put(e.getKey(), summary(e.getValue()));
        System.out.print(Json.write(out));
    }

    static List<String> names(Map<String, Histogram> m) {
        return new ArrayList<>(m.keySet());
    }
}
