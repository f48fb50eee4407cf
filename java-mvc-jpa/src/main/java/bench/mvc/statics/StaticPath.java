package bench.mvc.statics;

import bench.mvc.Utf8;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.util.StringUtils;

/**
 * Which paths may be served (spec/API.md §4.1) and with what Content-Type. The path is the raw one after
 * {@code /static/}, because the container's decoded path has lost {@code ;x} and merged {@code //}: split on
 * {@code /}, each segment percent-decoded once to UTF-8 (a malformed escape or other bytes fail), no segment empty,
 * led by a dot (so no {@code ..} and no dotfile) or holding {@code /}, a backslash or NUL; then the real path after
 * following symlinks must still be a regular file inside the real root. Spring's own check compares paths before
 * symlinks are followed, which would serve {@code outside.txt}.
 */
final class StaticPath {

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

    /** The raw path decoded segment by segment, or null when a segment may not be served. */
    static @Nullable String decode(String rawPath) {
        StringBuilder path = new StringBuilder(rawPath.length());
        for (String raw : rawPath.split("/", -1)) {
            String segment = segment(raw);
            if (segment == null
                    || segment.isEmpty()
                    || segment.startsWith(".")
                    || segment.indexOf('/') >= 0
                    || segment.indexOf('\\') >= 0
                    || segment.indexOf('\0') >= 0) {
                return null;
            }
            if (!path.isEmpty()) path.append('/');
            path.append(segment);
        }
        return path.toString();
    }

    /** One segment percent-decoded once, or null: a malformed escape, or bytes that are not UTF-8. */
    private static @Nullable String segment(String raw) {
        if (raw.indexOf('%') < 0) return raw;
        var bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c >= 0x80) return null;
            if (c != '%') {
                bytes.write(c);
                continue;
            }
            int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
            int low = high >= 0 ? Character.digit(raw.charAt(i + 2), 16) : -1;
            if (low < 0) return null;
            bytes.write(high << 4 | low);
            i += 2;
        }
        try {
            return Utf8.decode(bytes.toByteArray());
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** The regular file inside the real root that the raw path names, or null (404). */
    @Nullable
    Resource resolve(String rawPath) {
        String path = decode(rawPath);
        if (path == null) return null;
        try {
            Path real = root.resolve(path).toRealPath();
            if (!real.startsWith(root) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) return null;
            return new FileSystemResource(real);
        } catch (IOException | InvalidPathException e) {
            return null;
        }
    }
}
