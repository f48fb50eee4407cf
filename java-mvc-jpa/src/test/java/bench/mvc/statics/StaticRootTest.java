package bench.mvc.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/** Resolution of raw paths against the generated tree that `make unit` writes. */
class StaticRootTest {

    static Path root() {
        String env = System.getenv("STATIC_ROOT");
        return Path.of(env == null ? "../.run/static" : env).toAbsolutePath().normalize();
    }

    static boolean treePresent() {
        return Files.isRegularFile(root().resolve("hello.txt"));
    }

    @Test
    @EnabledIf("treePresent")
    void servesOnlyRegularFilesInsideTheRealRoot() throws Exception {
        Path real = root().toRealPath();
        var files = new StaticRoot(real);
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
}
