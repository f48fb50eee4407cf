package bench.vertx;

import bench.contract.Environment;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The contract's fixtures, read in place from spec/ (never copied into the stack). */
public final class Fixtures {
    public static final Path ROOT = Path.of("..", "spec", "fixtures");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Fixtures() {}

    public static JsonNode json(String relative) {
        try {
            return MAPPER.readTree(ROOT.resolve(relative).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The contract's defaults on loopback, a free port, one event loop and one pooled connection. */
    public static Environment config(int port) {
        return new Environment(port, "127.0.0.1", "127.0.0.1", 3307, "bench", "bench", "bench", 1, Path.of("."), 1);
    }

    public static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
