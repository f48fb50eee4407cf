package bench.vertx.event;

import bench.vertx.HttpError;
import bench.vertx.Utf8;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.util.Objects;

/**
 * Jackson set up for the contract: strict on the way in (a number is not a string, null and missing
 * properties are refused, nothing may follow the value) and canonical on the way out (compact, declared key
 * order, non-ASCII as UTF-8, control characters as lowercase hex escapes: ECMAScript's JSON.stringify = RFC 8785).
 */
public final class EventJson {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .withCoercionConfig(
                    LogicalType.Textual,
                    config -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .withCoercionConfigDefaults(
                    config -> config.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.EmptyArray, CoercionAction.Fail))
            .build();
    private static final ObjectReader READER = MAPPER.readerFor(Event.class);
    private static final ObjectWriter WRITER = MAPPER.writerFor(Event.class);

    private EventJson() {}

    /** Raw body bytes → Event, or a 400 naming what is wrong. */
    public static Event read(byte[] body) {
        if (!Utf8.isValid(body)) {
            throw HttpError.badRequest("Body is not valid UTF-8");
        }
        Event event;
        try {
            event = READER.readValue(body);
        } catch (JacksonException e) {
            throw HttpError.badRequest("Body is not a valid Event");
        } catch (java.io.IOException e) {
            throw HttpError.badRequest("Body is not valid JSON");
        }
        if (event == null) {
            throw HttpError.badRequest("Body must be an Event, not null");
        }
        return event;
    }

    public static byte[] write(Event event) {
        try {
            return WRITER.writeValueAsBytes(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an Event always serializes", e);
        }
    }

    /**
     * Present and well-formed UTF-16: a JSON escape may produce a lone surrogate (an escaped high surrogate without its pair), which has no UTF-8
     * encoding to echo. Thrown from a record constructor, Jackson reports it as a mapping error: 400.
     */
    static void requireWellFormed(String value, String field) {
        Objects.requireNonNull(value, field);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException(field + " contains a lone surrogate");
            }
        }
    }
}
