package bench.spring5;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The contract's fixtures, read in place from ../spec/fixtures (never copied into the stack). */
public final class Fixtures {

    public static final Path ROOT = Path.of("../spec/fixtures");
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Fixtures() {}

    public static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Path> files(String folder, String suffix) {
        try (Stream<Path> files = Files.list(ROOT.resolve(folder))) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode json(String file) {
        return MAPPER.readTree(bytes(ROOT.resolve(file)));
    }
}
