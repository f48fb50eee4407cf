package bench.vertx.statics;

import bench.vertx.HttpError;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which paths may be served, and as what: the raw path after /static/ → its decoded segments (spec/API.md §4.1,
 * steps 1 and 2), and a name's Content-Type (§4.2). Nothing here touches the file system. Each segment is
 * percent-decoded exactly once, so "%252e" stays the literal name "%2e". Encoded separators, backslashes,
 * NUL and undecodable escapes are refused (400); empty segments (a trailing slash, "//etc") and segments
 * starting with '.' ("..", dotfiles) are simply not found (404).
 */
public final class StaticPath {
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "txt", "text/plain; charset=utf-8",
            "json", "application/json",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8");

    private StaticPath() {}

    public static List<String> segments(String rawPath) {
        List<String> segments = new ArrayList<>();
        for (String raw : rawPath.split("/", -1)) {
            String segment = decode(raw);
            if (segment.indexOf('/') >= 0 || segment.indexOf('\\') >= 0 || segment.indexOf('\0') >= 0) {
                throw HttpError.badRequest("Invalid path");
            }
            segments.add(segment);
        }
        for (String segment : segments) {
            if (segment.isEmpty() || segment.charAt(0) == '.') {
                throw HttpError.notFound();
            }
        }
        return segments;
    }

    /** By the requested name's extension, as the contract's table says (a symlink keeps its own name). */
    public static String contentType(String name) {
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(extension, "application/octet-stream");
    }

    private static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '%') {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            if (i + 2 >= raw.length()) {
                throw HttpError.badRequest("Invalid path");
            }
            int high = Character.digit(raw.charAt(i + 1), 16);
            int low = Character.digit(raw.charAt(i + 2), 16);
            if (high < 0 || low < 0) {
                throw HttpError.badRequest("Invalid path");
            }
            bytes.write(high * 16 + low);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw HttpError.badRequest("Invalid path");
        }
    }
}
