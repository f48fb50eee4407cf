package bench.vertx.statics;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The real path of STATIC_ROOT, resolved on first use from a worker thread and then kept: the tree may be
 * generated after the server starts, and until it exists nothing is found.
 */
final class StaticRoot {
  private final Path configured;
  private volatile Path real;

  StaticRoot(Path configured) {
    this.configured = configured;
  }

  Path real() throws IOException {
    Path resolved = real;
    if (resolved == null) {
      resolved = configured.toRealPath();
      real = resolved;
    }
    return resolved;
  }
}
