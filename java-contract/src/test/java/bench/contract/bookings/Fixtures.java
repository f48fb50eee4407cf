package bench.contract.bookings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** The contract's fixtures, read in place from spec/ (never copied into the stack). */
final class Fixtures {
    static final Path ROOT = Path.of("..", "spec", "fixtures");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Fixtures() {}

    static JsonNode json(String relative) {
        try {
            return MAPPER.readTree(ROOT.resolve(relative).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
