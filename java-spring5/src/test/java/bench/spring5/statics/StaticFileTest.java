package bench.spring5.statics;

import static org.assertj.core.api.Assertions.assertThat;

import bench.contract.statics.StaticTree;
import bench.spring5.HttpError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.test.StepVerifier;

class StaticFileTest {

    @TempDir
    Path dir;

    @Test
    void aRegularFileWithItsSizeWholeSecondMtimeAndEtag() throws IOException {
        Path root = Files.createDirectories(dir.resolve("root/sub"));
        Files.writeString(root.resolve("a.txt"), "hello");
        Files.setLastModifiedTime(root.resolve("a.txt"), FileTime.fromMillis(1_700_000_000_123L));
        StepVerifier.create(StaticFile.lookUp(new StaticTree(dir.resolve("root")), List.of("sub", "a.txt")))
                .assertNext(file -> {
                    assertThat(file.size()).isEqualTo(5);
                    assertThat(file.modified()).isEqualTo(Instant.ofEpochSecond(1_700_000_000L));
                    assertThat(file.etag()).isEqualTo("\"5-" + Long.toHexString(1_700_000_000_123L) + "\"");
                    assertThat(file.contentType()).startsWith("text/plain");
                })
                .verifyComplete();
    }

    @Test
    void missingDirectoriesPathsBelowAFileAndEscapingSymlinksAreNotFound() throws IOException {
        Path root = Files.createDirectories(dir.resolve("root/sub"));
        Files.writeString(dir.resolve("secret.txt"), "outside");
        Files.createSymbolicLink(root.resolve("link.txt"), dir.resolve("secret.txt"));
        Files.writeString(root.resolve("a.txt"), "hello");
        // A path below a file is no file either (the file system says ENOTDIR, not ENOENT). "a\0b": no file can have
        // the name (the JVM refuses it as a path, as it does under the POSIX locale any character its file-name
        // encoding cannot map).
        for (List<String> segments : List.of(
                List.of("missing.txt"),
                List.of("sub"),
                List.of("link.txt"),
                List.of("a\0b"),
                List.of("link.txt", "x"),
                List.of("a.txt", "below"))) {
            StepVerifier.create(StaticFile.lookUp(new StaticTree(root), segments))
                    .expectErrorSatisfies(
                            e -> assertThat(((HttpError) e).status().value())
                                    .as("%s", segments)
                                    .isEqualTo(404))
                    .verify();
        }
    }
}
