package bench.mvc.statics;

import bench.contract.statics.StaticPath;
import bench.contract.statics.StaticTree;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;

/**
 * The static tree's real root, and the file a raw path after {@code /static/} names in it (spec/API.md §4.1): the
 * raw path, because the container's decoded one has lost {@code ;x} and merged {@code //}, read by the contract's
 * {@link StaticPath}; then the real path after following symlinks must still be a regular file inside the real
 * root, as the contract's {@link StaticTree} finds it. Spring's own check compares paths before symlinks are
 * followed, which would serve {@code outside.txt}.
 */
final class StaticRoot {

    private final StaticTree tree;

    StaticRoot(Path root) {
        this.tree = new StaticTree(root);
    }

    /** The regular file inside the real root that the raw path names, or null (404). */
    @Nullable
    Resource resolve(String rawPath) {
        return StaticPath.segments(rawPath)
                .flatMap(tree::find)
                .map(found -> (Resource) new FileSystemResource(found.path()))
                .orElse(null);
    }
}
