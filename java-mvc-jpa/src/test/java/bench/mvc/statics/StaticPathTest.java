package bench.mvc.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.http.MediaType;

/** Which raw paths may be served and their types; resolution against the generated tree that `make unit` writes. */
class StaticPathTest {

    static Path root() {
        String env = System.getenv("STATIC_ROOT");
        return Path.of(env == null ? "../.run/static" : env).toAbsolutePath().normalize();
    }

    static boolean treePresent() {
        return Files.isRegularFile(root().resolve("hello.txt"));
    }

    @Test
    void decodesEachSegmentOnce() {
        assertThat(StaticPath.decode("sub/nested.txt")).isEqualTo("sub/nested.txt");
        assertThat(StaticPath.decode("%68ello%2etxt")).isEqualTo("hello.txt");
        assertThat(StaticPath.decode("%252e")).isEqualTo("%2e");
        assertThat(StaticPath.decode("hello.txt;x")).isEqualTo("hello.txt;x");
        assertThat(StaticPath.decode("hello.txt%3Bx")).isEqualTo("hello.txt;x");
        assertThat(StaticPath.decode("caf%C3%A9")).isEqualTo("café");
    }

    @Test
    void refusesDotEmptySeparatorAndMalformedSegments() {
        for (String path : new String[] {
            "", "sub/", "/etc/passwd", "../x", "sub/../x", ".hidden", "sub/.secret", "a\\b", "a%5cb", "a%00b",
            "a//b", "1kb.bin/", "%2e%2e/x", "a%2fb", "%", "%zz", "hello.txt%", "hello.txt%4", "%ff", "%C3%28"
        }) {
            assertThat(StaticPath.decode(path)).as(path).isNull();
        }
    }

    @Test
    @EnabledIf("treePresent")
    void servesOnlyRegularFilesInsideTheRealRoot() throws Exception {
        Path real = root().toRealPath();
        var files = new StaticPath(real);
        assertThat(files.resolve("hello.txt")).isNotNull();
        assertThat(files.resolve("%68ello%2etxt")).isNotNull();
        assertThat(files.resolve("link-to-hello.txt").getFile().toPath()).isEqualTo(real.resolve("hello.txt"));
        for (String path : new String[] {
            "outside.txt",
            "outside-dir/secret.txt",
            "sub",
            "missing.txt",
            "hello.txt;x",
            "hello.txt/sub",
            "sub//nested.txt"
        }) {
            assertThat(files.resolve(path)).as(path).isNull();
        }
    }

    @Test
    void typesComeFromTheContractsTable() {
        assertThat(StaticPath.contentType("chat.html")).isEqualTo(MediaType.TEXT_HTML);
        assertThat(StaticPath.contentType("app.js")).hasToString("text/javascript");
        assertThat(StaticPath.contentType("blob.bin")).isEqualTo(MediaType.APPLICATION_OCTET_STREAM);
        assertThat(StaticPath.contentType("README")).isEqualTo(MediaType.APPLICATION_OCTET_STREAM);
    }
}
