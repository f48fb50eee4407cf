package bench.mvc.statics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.util.StringUtils;
import org.springframework.web.servlet.resource.PathResourceResolver;

/**
 * Which paths may be served (spec/API.md §4.1) and with what Content-Type, as the resolver of Spring's resource
 * handler: no empty or dot-led segment (so no {@code ..} and no dotfile), no backslash or NUL, then the real path
 * after following symlinks must still be a regular file inside the real root. Spring's own check compares paths
 * before symlinks are followed, which would serve {@code outside.txt}.
 */
final class StaticPath extends PathResourceResolver {

    private static final Map<String, MediaType> TYPES = Map.of(
            "html",
            MediaType.TEXT_HTML,
            "txt",
            MediaType.TEXT_PLAIN,
            "json",
            MediaType.APPLICATION_JSON,
            "js",
            MediaType.valueOf("text/javascript"),
            "css",
            MediaType.valueOf("text/css"));

    private final Path root;

    StaticPath(Path root) {
        this.root = root;
    }

    /** The contract's table by extension; anything else is {@code application/octet-stream}. */
    static MediaType contentType(@Nullable String filename) {
        String extension = StringUtils.getFilenameExtension(filename);
        MediaType type = extension == null ? null : TYPES.get(extension);
        return type != null ? type : MediaType.APPLICATION_OCTET_STREAM;
    }

    static boolean safe(String path) {
        if (path.isEmpty()) return false;
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty()
                    || segment.startsWith(".")
                    || segment.indexOf('\\') >= 0
                    || segment.indexOf('\0') >= 0) {
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
