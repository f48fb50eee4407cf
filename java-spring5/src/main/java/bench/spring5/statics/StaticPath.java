package bench.spring5.statics;

import bench.spring5.HttpError;
import bench.spring5.Json;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The raw path after /static, split on '/' and percent-decoded once per segment (spec/API.md §4.1 steps 1
 * and 2). Encoded separators, backslashes, NUL, malformed escapes and segments that are not UTF-8 once decoded
 * are refused with 400; empty segments (directories, '//') and segments starting with '.' ('..', dotfiles) are
 * simply not found. ';' is a character of the name like any other.
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
            String decoded = decode(segment);
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

    /**
     * Percent-decoded bytes read as strict UTF-8 (Spring's StringUtils.uriDecode would let stray bytes through as
     * U+FFFD). The raw path is ASCII: the pipeline's TargetEncoder escapes every other byte.
     */
    private static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        byte[] bytes = new byte[segment.length()];
        int length = 0;
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%') {
                int high = i + 2 < segment.length() ? Character.digit(segment.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(segment.charAt(i + 2), 16);
                if (low < 0) {
                    throw invalid();
                }
                bytes[length++] = (byte) (high << 4 | low);
                i += 2;
            } else {
                bytes[length++] = (byte) c;
            }
        }
        try {
            return Json.utf8(Arrays.copyOf(bytes, length));
        } catch (CharacterCodingException e) {
            throw invalid();
        }
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
