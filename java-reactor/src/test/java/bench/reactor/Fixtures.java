package bench.reactor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The contract's own fixtures, read in place from spec/fixtures (never copied into the stack). */
public final class Fixtures {

    public static final Path ROOT = Path.of("../spec/fixtures");

    private Fixtures() {}

    public static JsonNode json(String file) {
        try {
            return JsonMapper.builder().build().readTree(ROOT.resolve(file).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The files of a fixture folder whose names end with {@code suffix}, sorted. */
    public static List<Path> files(String folder, String suffix) {
        try (Stream<Path> listing = Files.list(ROOT.resolve(folder))) {
            return listing.filter(p -> p.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
