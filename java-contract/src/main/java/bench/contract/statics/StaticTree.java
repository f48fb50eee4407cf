package bench.contract.statics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * STATIC_ROOT, and the regular file that a path's segments ({@link StaticPath#segments}) name in it (spec/API.md
 * §4.1, step 3): realpath first, then the containment check, so that a symlink out of the root is not found. The
 * root's real path is resolved on first use and then kept: the tree may be generated after the server starts, and
 * until it exists nothing is found. Every call may block on the file system; each stack makes it where its framework
 * lets a request wait for one.
 */
public final class StaticTree {

    /** A regular file inside the tree: its real path, its size and its mtime. */
    public record Found(Path path, long size, Instant lastModified) {}

    private final Path root;
    private volatile Path realRoot;

    public StaticTree(Path root) {
        this.root = root;
    }

    /** The root's real path, every symlink followed; an IOException while it does not exist. */
    public Path realRoot() throws IOException {
        Path known = realRoot;
        if (known == null) {
            known = root.toRealPath();
            realRoot = known;
        }
        return known;
    }

    /**
     * The regular file that {@code segments} name, or empty when there is none: the root or the file missing, a
     * directory, a name below a file (ENOTDIR), a symlink loop, a name the JVM's file-name encoding cannot map (as
     * under the POSIX locale), or a real path outside the root.
     */
    public Optional<Found> find(List<String> segments) {
        try {
            Path realRoot = realRoot();
            Path real = realRoot.resolve(String.join("/", segments)).toRealPath();
            if (!real.startsWith(realRoot)) {
                return Optional.empty();
            }
            BasicFileAttributes attributes =
                    Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isRegularFile()) {
                return Optional.empty();
            }
            return Optional.of(new Found(
                    real, attributes.size(), attributes.lastModifiedTime().toInstant()));
        } catch (IOException | InvalidPathException none) {
            return Optional.empty();
        }
    }
}
