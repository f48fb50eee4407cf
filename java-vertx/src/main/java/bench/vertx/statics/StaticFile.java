package bench.vertx.statics;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.List;

/**
 * A regular file inside the static root, resolved with its symlinks (spec/API.md §4.1, step 3), with what the
 * response needs: size, mtime and, when the body will be sent, an open channel for zero-copy transfer. Every
 * method here touches the filesystem and runs on a worker thread, never on an event loop.
 */
record StaticFile(Path path, long size, Instant lastModified, FileChannel channel) {

    /** The file, or null when it is missing, not a regular file, or (after realpath) outside {@code realRoot}. */
    static StaticFile resolve(Path realRoot, List<String> segments, boolean open) throws IOException {
        Path requested = realRoot;
        for (String segment : segments) {
            requested = requested.resolve(segment);
        }
        Path real;
        try {
            real = requested.toRealPath();
        } catch (NoSuchFileException e) {
            return null;
        }
        if (!real.startsWith(realRoot) || real.equals(realRoot)) {
            return null;
        }
        BasicFileAttributes attributes =
                Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isRegularFile()) {
            return null;
        }
        FileChannel channel = open ? FileChannel.open(real, StandardOpenOption.READ) : null;
        return new StaticFile(
                real, attributes.size(), attributes.lastModifiedTime().toInstant(), channel);
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
