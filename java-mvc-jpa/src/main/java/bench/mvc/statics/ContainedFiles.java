package bench.mvc.statics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.web.servlet.resource.PathResourceResolver;

/**
 * Resolves a request path against STATIC_ROOT the way spec/API.md §4.1 asks: no empty or dot-led segment (so no
 * {@code ..} and no dotfile), no backslash or NUL, then the real path after following symlinks must still be a
 * regular file inside the real root. Spring's own check compares paths before symlinks are followed, which
 * would serve {@code outside.txt}.
 */
final class ContainedFiles extends PathResourceResolver {

  private final Path root;

  ContainedFiles(Path root) {
    this.root = root;
  }

  static boolean safe(String path) {
    if (path.isEmpty()) return false;
    for (String segment : path.split("/", -1)) {
      if (segment.isEmpty() || segment.startsWith(".") || segment.indexOf('\\') >= 0 || segment.indexOf('\0') >= 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  protected @Nullable Resource getResource(String resourcePath, Resource location) throws IOException {
    if (!safe(resourcePath)) return null;
    try {
      Path real = root.resolve(resourcePath).toRealPath();
      if (!real.startsWith(root) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) return null;
      return new FileSystemResource(real);
    } catch (IOException | java.nio.file.InvalidPathException e) {
      return null;
    }
  }
}
