package bench.reactor.statics;

import bench.reactor.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The pure half of the static route: which names a request path may ever reach (spec/API.md §4.1), and the
 * contract's Content-Type table. Nothing here touches the file system.
 */
public final class StaticPath {

    private static final Map<String, String> CONTENT_TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "txt", "text/plain; charset=utf-8",
            "json", "application/json",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8");

    private StaticPath() {}

    /**
     * "sub/nested.txt" (still percent-encoded, after "/static/") → ["sub", "nested.txt"], each segment decoded
     * once. Encoded separators, backslashes and NUL are refused (400); empty segments (a directory's trailing
     * slash, "//etc/passwd") and segments starting with "." (".." and every dotfile) are not found (404).
     */
    public static List<String> segments(String rawPath) {
        List<String> segments = new ArrayList<>();
        for (String raw : rawPath.split("/", -1)) {
            String segment = decode(raw);
            if (segment.indexOf('/') >= 0 || segment.indexOf('\\') >= 0 || segment.indexOf('\0') >= 0) {
                throw HttpError.badRequest("Invalid path");
            }
            if (segment.isEmpty() || segment.charAt(0) == '.') {
                throw notFound();
            }
            segments.add(segment);
        }
        return segments;
    }

    public static String contentType(String name) {
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return CONTENT_TYPES.getOrDefault(extension, "application/octet-stream");
    }

    static HttpError notFound() {
        return new HttpError(HttpResponseStatus.NOT_FOUND, "Not found");
    }

    private static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        try {
            // URLDecoder would also turn '+' into a space, which a path does not do.
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest("Invalid path");
        }
    }
}
