package bench.spring5.statics;

import bench.spring5.HttpError;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.util.StringUtils;

/**
 * The raw path after /static, split on '/' and percent-decoded once per segment (spec/API.md §4.1 steps 1
 * and 2). Encoded separators, backslashes and NUL are refused with 400; empty segments (directories, '//')
 * and segments starting with '.' ('..', dotfiles) are simply not found.
 */
final class StaticPath {

    private StaticPath() {}

    static List<String> segments(String rawPath) {
        if (!rawPath.startsWith("/")) {
            throw HttpError.notFound();
        }
        String lower = rawPath.toLowerCase(Locale.ROOT);
        if (lower.contains("%2f") || lower.contains("%5c") || rawPath.indexOf('\\') >= 0) {
            throw invalid();
        }
        String[] raw = rawPath.substring(1).split("/", -1);
        List<String> segments = new ArrayList<>(raw.length);
        for (String segment : raw) {
            String decoded;
            try {
                decoded = StringUtils.uriDecode(segment, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw invalid();
            }
            if (decoded.indexOf('\0') >= 0 || decoded.indexOf('/') >= 0 || decoded.indexOf('\\') >= 0) {
                throw invalid();
            }
            if (decoded.isEmpty() || decoded.startsWith(".")) {
                throw HttpError.notFound();
            }
            segments.add(decoded);
        }
        return segments;
    }

    /** The contract's table (spec/API.md §4.2), not a MIME registry's: everything else is octet-stream. */
    static String contentType(String fileName) {
        int dot = fileName.lastIndexOf('.');
        String extension = dot < 0 ? "" : fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
        return switch (extension) {
            case "html" -> "text/html; charset=utf-8";
            case "txt" -> "text/plain; charset=utf-8";
            case "json" -> "application/json";
            case "js" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            default -> "application/octet-stream";
        };
    }

    private static HttpError invalid() {
        return HttpError.badRequest("Invalid path");
    }
}
