package bench.vertx.statics;

import bench.contract.statics.StaticTree;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

/**
 * A regular file inside the static root, as the contract's {@link StaticTree} finds it (spec/API.md §4.1, step 3),
 * with what the response needs: size, mtime and, when the body will be sent, an open channel for zero-copy transfer.
 * Every method here touches the filesystem and runs on a worker thread, never on an event loop.
 */
record StaticFile(Path path, long size, Instant lastModified, FileChannel channel) {

    /** The file {@code segments} name in the tree, or null (404); its channel opened only when the body is sent. */
    static StaticFile resolve(StaticTree tree, List<String> segments, boolean open) throws IOException {
        StaticTree.Found found = tree.find(segments).orElse(null);
        if (found == null) {
            return null;
        }
        FileChannel channel = open ? FileChannel.open(found.path(), StandardOpenOption.READ) : null;
        return new StaticFile(found.path(), found.size(), found.lastModified(), channel);
    }

    /** A weak validator from size and mtime: it changes whenever the file does. */
    String etag() {
        return "W/\"" + Long.toHexString(size) + "-" + Long.toHexString(lastModified.toEpochMilli()) + "\"";
    }

    void close() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Nothing was written through it, and the descriptor is released either way.
            }
        }
    }
}
