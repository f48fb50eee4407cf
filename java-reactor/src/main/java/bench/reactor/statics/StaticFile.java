package bench.reactor.statics;

import java.io.IOException;
import java.nio.channels.FileChannel;
import reactor.core.publisher.Mono;

/** What one lookup found: the opened file, and the metadata the response headers are made of. */
record StaticFile(FileChannel channel, long size, long lastModifiedMillis, String contentType) {

  /** HTTP dates have whole seconds, and so do the comparisons made with them. */
  long lastModifiedSeconds() {
    return Math.floorDiv(lastModifiedMillis, 1000);
  }

  /** Changes whenever the size or the mtime does; weak, since it is not a hash of the bytes. */
  String etag() {
    return "W/\"" + Long.toHexString(size) + "-" + Long.toHexString(lastModifiedMillis) + "\"";
  }

  /** After the response, whatever it was; closing twice (the FileRegion closes it too) is harmless. */
  Mono<Void> close() {
    return Mono.fromRunnable(this::closeQuietly);
  }

  void closeQuietly() {
    try {
      channel.close();
    } catch (IOException ignored) {
      // a read-only descriptor has nothing left to flush
    }
  }
}
