package bench.spring5;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Strict JSON in, canonical JSON out (spec/API.md §5). A mapper of its own, because the contract is stricter than
 * Spring's shared one on the way in (no coercion, no nulls, nothing after the value) and exact on the way out
 * (RFC 8785 escaping: lowercase hex in control-character escapes, {@code /} and U+2028 as themselves).
 */
public final class Json {

  private static final JsonMapper MAPPER = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES,
          DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY,
          DeserializationFeature.UNWRAP_SINGLE_VALUE_ARRAYS)
      .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .withCoercionConfig(LogicalType.Textual, c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
      .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.String, CoercionAction.Fail))
      .disable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES, JsonWriteFeature.WRITE_HEX_UPPER_CASE,
          JsonWriteFeature.ESCAPE_NON_ASCII)
      .build();

  private Json() {}

  /**
   * One JSON value from strict UTF-8 bytes. The JDK decoder refuses overlongs, encoded surrogates and
   * truncated sequences, some of which Jackson's byte parser lets through.
   */
  public static JsonNode parse(byte[] body) {
    return parse(utf8(body));
  }

  /** The body bound onto {@code type} with no coercion, or 400. */
  public static <T> T bind(byte[] body, Class<T> type) {
    T value;
    try {
      value = MAPPER.readValue(utf8(body), type);
    } catch (JacksonException e) {
      throw HttpError.badRequest("Body is not " + type.getSimpleName() + " JSON");
    }
    if (value == null) {
      throw HttpError.badRequest("Body is not " + type.getSimpleName() + " JSON");
    }
    return value;
  }

  /** Compact, properties in their declared order, strings escaped as RFC 8785 does. */
  public static byte[] write(Object value) {
    return MAPPER.writeValueAsBytes(value);
  }

  private static String utf8(byte[] body) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body))
          .toString();
    } catch (CharacterCodingException e) {
      throw HttpError.badRequest("Body is not valid UTF-8");
    }
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
