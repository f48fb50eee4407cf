package bench.mvc.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.core.io.FileSystemResource;

/** The path guard and the Range filter; resolution against the generated tree that `make unit` writes. */
class StaticGuardsTest {

  static Path root() {
    String env = System.getenv("STATIC_ROOT");
    return Path.of(env == null ? "../.run/static" : env).toAbsolutePath().normalize();
  }

  static boolean treePresent() {
    return Files.isRegularFile(root().resolve("hello.txt"));
  }

  @Test
  void refusesDotEmptyAndSeparatorSegments() {
    assertThat(ContainedFiles.safe("sub/nested.txt")).isTrue();
    for (String path : new String[] {"", "sub/", "/etc/passwd", "../x", "sub/../x", ".hidden", "sub/.secret", "a\\b", "a\0b", "a//b"}) {
      assertThat(ContainedFiles.safe(path)).as(path).isFalse();
    }
  }

  @Test
  @EnabledIf("treePresent")
  void servesOnlyRegularFilesInsideTheRealRoot() throws Exception {
    Path real = root().toRealPath();
    var files = new ContainedFiles(real);
    var location = new FileSystemResource(real + "/");
    assertThat(files.getResource("hello.txt", location)).isNotNull();
    assertThat(files.getResource("link-to-hello.txt", location).getFile().toPath()).isEqualTo(real.resolve("hello.txt"));
    assertThat(files.getResource("outside.txt", location)).isNull();
    assertThat(files.getResource("outside-dir/secret.txt", location)).isNull();
    assertThat(files.getResource("sub", location)).isNull();
    assertThat(files.getResource("missing.txt", location)).isNull();
  }

  @Test
  void malformedRangesAreIgnoredWellFormedOnesKept() {
    for (String range : new String[] {"bytes=0-99", "bytes=1000-", "bytes=-500", "bytes=0-1,5-9", "bytes=102400-"}) {
      assertThat(RangeGuard.wellFormed(range)).as(range).isTrue();
    }
    for (String range : new String[] {"items=0-1", "bytes=5-2", "bytes=", "bytes=-", "bytes=abc", "garbage", "bytes=-0"}) {
      assertThat(RangeGuard.wellFormed(range)).as(range).isFalse();
    }
  }
}
