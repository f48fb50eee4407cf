package bench.mvc.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.core.io.FileSystemResource;
import org.springframework.http.MediaType;

/** Which paths may be served and their types; resolution against the generated tree that `make unit` writes. */
class StaticPathTest {

    static Path root() {
        String env = System.getenv("STATIC_ROOT");
        return Path.of(env == null ? "../.run/static" : env).toAbsolutePath().normalize();
    }

    static boolean treePresent() {
        return Files.isRegularFile(root().resolve("hello.txt"));
    }

    @Test
    void refusesDotEmptyAndSeparatorSegments() {
        assertThat(StaticPath.safe("sub/nested.txt")).isTrue();
        for (String path : new String[] {
            "", "sub/", "/etc/passwd", "../x", "sub/../x", ".hidden", "sub/.secret", "a\\b", "a\0b", "a//b"
        }) {
            assertThat(StaticPath.safe(path)).as(path).isFalse();
        }
    }

    @Test
    @EnabledIf("treePresent")
    void servesOnlyRegularFilesInsideTheRealRoot() throws Exception {
        Path real = root().toRealPath();
        var files = new StaticPath(real);
        var location = new FileSystemResource(real + "/");
        assertThat(files.getResource("hello.txt", location)).isNotNull();
        assertThat(files.getResource("link-to-hello.txt", location).getFile().toPath())
                .isEqualTo(real.resolve("hello.txt"));
        assertThat(files.getResource("outside.txt", location)).isNull();
        assertThat(files.getResource("outside-dir/secret.txt", location)).isNull();
        assertThat(files.getResource("sub", location)).isNull();
        assertThat(files.getResource("missing.txt", location)).isNull();
    }

    @Test
    void typesComeFromTheContractsTable() {
        assertThat(StaticPath.contentType("chat.html")).isEqualTo(MediaType.TEXT_HTML);
        assertThat(StaticPath.contentType("app.js")).hasToString("text/javascript");
        assertThat(StaticPath.contentType("blob.bin")).isEqualTo(MediaType.APPLICATION_OCTET_STREAM);
        assertThat(StaticPath.contentType("README")).isEqualTo(MediaType.APPLICATION_OCTET_STREAM);
    }
}
