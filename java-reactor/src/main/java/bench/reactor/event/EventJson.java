package bench.reactor.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * The Event's JSON binding, made strict: Jackson's defaults coerce ("42" for a string, a number for a
 * string, null for a missing creator property), and the contract wants every one of those refused.
 */
public final class EventJson {

  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
      .disable(JsonWriteFeature.ESCAPE_NON_ASCII)
      // With custom escapes Jackson would write characters beyond the BMP as two escaped surrogates.
      .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
      .build();

  static {
    MAPPER.coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    MAPPER.getFactory().setCharacterEscapes(new CanonicalEscapes());
  }

  private static final ObjectReader READER = MAPPER.readerFor(Event.class);
  private static final ObjectWriter WRITER = MAPPER.writerFor(Event.class);

  private EventJson() {}

  /** Any failure (syntax, shape, type, a missing or null property) is the caller's 400. */
  public static Event read(String json) throws JsonProcessingException {
    Event event = READER.readValue(json);
    if (event == null) {
      throw new JsonMappingException(null, "null is not an Event"); // the body was the JSON literal null
    }
    return event;
  }

  public static byte[] write(Event event) throws JsonProcessingException {
    return WRITER.writeValueAsBytes(event);
  }
}
