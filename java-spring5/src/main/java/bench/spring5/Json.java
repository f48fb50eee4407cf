package bench.spring5;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON every workload reads or writes by hand: strict UTF-8, one JSON value as a tree (the chat's frames) or as
 * tokens (the bookings' proto3 JSON mapping), and strings written as ECMAScript's JSON.stringify writes them (RFC 8785).
 */
public final class Json {

    private static final JsonMapper TREES = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {}

    /**
     * The text of strict UTF-8 bytes. The JDK decoder refuses overlongs, encoded surrogates and truncated sequences,
     * some of which Jackson's byte parser lets through.
     */
    public static String utf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
    }

    /** One JSON value, or null if the text is not exactly one (empty, malformed, trailing content). */
    public static @Nullable JsonNode parseOrNull(String text) {
        try {
            JsonNode node = TREES.readTree(text);
            return node == null || node.isMissingNode() ? null : node;
        } catch (JacksonException e) {
            return null;
        }
    }

    /** A streaming parser over a JSON text, for a reader that walks the tokens itself. */
    public static JsonParser parser(String text) {
        return TREES.createParser(text);
    }

    /** True unless the string holds a surrogate without its pair, which has no UTF-8 encoding. */
    public static boolean isWellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** A JSON string as JSON.stringify (= RFC 8785) writes it: lowercase hex in control-character escapes. */
    public static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00")
                                .append(Character.forDigit(c >> 4, 16))
                                .append(Character.forDigit(c & 0xf, 16));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
