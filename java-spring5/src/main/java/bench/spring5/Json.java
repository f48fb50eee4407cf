package bench.spring5;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Strict JSON in, canonical JSON strings out. Request bodies are read as a tree and mapped by hand onto
 * typed records, so that no coercion of Jackson's can turn {@code 42} into a string.
 */
public final class Json {

  private static final JsonMapper MAPPER = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .build();

  private Json() {}

  /**
   * One JSON value from strict UTF-8 bytes. The JDK decoder refuses overlongs, encoded surrogates and
   * truncated sequences, some of which Jackson's byte parser lets through.
   */
  public static JsonNode parse(byte[] body) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body))
          .toString();
    } catch (CharacterCodingException e) {
      throw HttpError.badRequest("Body is not valid UTF-8");
    }
    return parse(text);
  }

  /** One JSON value, or null if the text is not exactly one (empty, malformed, trailing content). */
  public static JsonNode parseOrNull(String text) {
    try {
      JsonNode node = MAPPER.readTree(text);
      return node == null || node.isMissingNode() ? null : node;
    } catch (JacksonException e) {
      return null;
    }
  }

  private static JsonNode parse(String text) {
    JsonNode node = parseOrNull(text);
    if (node == null) {
      throw HttpError.badRequest("Body is not one JSON value");
    }
    return node;
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

  /** A JSON string as ECMAScript's JSON.stringify (= RFC 8785) writes it: lowercase hex in control-character escapes. */
  public static String quote(String s) {
    StringBuilder out = new StringBuilder(s.length() + 2);
    quote(s, out);
    return out.toString();
  }

  public static void quote(String s, StringBuilder out) {
    out.append('"');
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
            out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
