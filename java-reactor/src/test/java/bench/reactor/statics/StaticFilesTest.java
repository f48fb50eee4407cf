package bench.reactor.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.reactor.HttpError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StaticFilesTest {

    @TempDir
    Path dir;

    // "a\0b": no file can have the name (the JVM refuses it as a path, as it does under the POSIX locale any
    // character its file-name encoding cannot map).
    @ParameterizedTest
    @ValueSource(strings = {"missing.txt", "sub", "a\0b"})
    void whatIsNoRegularFileIsNotFound(String name) throws IOException {
        Files.createDirectories(dir.resolve("sub"));
        StaticFiles files = new StaticFiles(dir, 1);
        HttpError error = assertThrows(HttpError.class, () -> files.lookup(List.of(name)));
        assertEquals(404, error.status().code());
    }
}
