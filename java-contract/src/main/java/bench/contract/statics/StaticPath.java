package bench.contract.statics;

import bench.contract.Utf8;
import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which paths may be served (spec/API.md §4.1, steps 1 and 2) and as what Content-Type (§4.2). The input is the raw
 * path after {@code /static/}, as the client sent it: split on {@code /}, each segment percent-decoded exactly once
 * (so {@code %252e} stays the literal name {@code %2e}) to UTF-8. A segment that is empty, starts with a dot (no
 * {@code ..}, no dotfile), holds {@code /}, a backslash or NUL once decoded, or does not decode (a malformed escape,
 * bytes that are not UTF-8) means that no file may be served: 404, which the contract allows for all of these.
 * {@code ;} is an ordinary character of a name. Nothing here touches the file system: step 3, the real path, is each
 * stack's own.
 */
public final class StaticPath {
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "txt", "text/plain; charset=utf-8",
            "json", "application/json",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8");

    private StaticPath() {}

    /** "sub/nested.txt" → [sub, nested.txt]; empty when the path may name no file that is served. */
    public static Optional<List<String>> segments(String rawPath) {
        List<String> segments = new ArrayList<>();
        for (String raw : rawPath.split("/", -1)) {
            String segment = decode(raw);
            if (segment == null
                    || segment.isEmpty()
                    || segment.charAt(0) == '.'
                    || segment.indexOf('/') >= 0
                    || segment.indexOf('\\') >= 0
                    || segment.indexOf('\0') >= 0) {
                return Optional.empty();
            }
            segments.add(segment);
        }
        return Optional.of(List.copyOf(segments));
    }

    /** By the requested name's extension (a symlink is typed by its own name), from the contract's table. */
    public static String contentType(String name) {
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(extension, "application/octet-stream");
    }

    /**
     * One segment decoded once, or null: a malformed escape or bytes that are not UTF-8. A character that is not
     * escaped stands for its own UTF-8 bytes, whether or not the segment has escapes too.
     */
    private static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '%') {
                int end = Character.isHighSurrogate(c) && i + 1 < raw.length() ? i + 2 : i + 1;
                bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end - 1;
                continue;
            }
            int high = i + 2 < raw.length() ? hex(raw.charAt(i + 1)) : -1;
            int low = high >= 0 ? hex(raw.charAt(i + 2)) : -1;
            if (low < 0) {
                return null;
            }
            bytes.write(high << 4 | low);
            i += 2;
        }
        try {
            return Utf8.decode(bytes.toByteArray());
        } catch (CharacterCodingException notUtf8) {
            return null;
        }
    }

    /** An ASCII hex digit's value, or -1 (Character.digit would take other scripts' digits too). */
    private static int hex(char c) {
        return c < 0x80 ? Character.digit(c, 16) : -1;
    }
}
