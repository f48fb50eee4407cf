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
 * string, null for a missing creator property), and the contract wants every one of those refused. The
 * output is canonical (RFC 8785, as JSON.stringify writes it): Jackson's standard escapes are already the
 * two-letter ones for \b \f \n \r \t, and leave '/', DEL, U+2028 and all non-ASCII as themselves; only the
 * hex of the other control characters' escapes has to be lowercase.
 */
public final class EventJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .withCoercionConfig(
                    LogicalType.Textual,
                    config -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .disable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES)
            .disable(JsonWriteFeature.ESCAPE_NON_ASCII)
            // Jackson 2 writes a character beyond the BMP to UTF-8 as two escaped surrogates unless told otherwise.
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();

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
