package bench.mvc.statics;

import bench.contract.statics.StaticPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;

/**
 * The static tree's real root, and the file a raw path after {@code /static/} names in it (spec/API.md §4.1): the
 * raw path, because the container's decoded one has lost {@code ;x} and merged {@code //}, read by the contract's
 * {@link StaticPath}; then the real path after following symlinks must still be a regular file inside the real
 * root. Spring's own check compares paths before symlinks are followed, which would serve {@code outside.txt}.
 */
final class StaticRoot {

    private final Path root;

    StaticRoot(Path root) {
        this.root = root;
    }

    /** The regular file inside the real root that the raw path names, or null (404). */
    @Nullable
    Resource resolve(String rawPath) {
        List<String> segments = StaticPath.segments(rawPath).orElse(null);
        if (segments == null) return null;
        try {
            Path real = root.resolve(String.join("/", segments)).toRealPath();
            if (!real.startsWith(root) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) return null;
            return new FileSystemResource(real);
        } catch (IOException | InvalidPathException e) {
            return null;
        }
    }
}
