package bench.spring5.event;

import bench.spring5.HttpError;
import bench.spring5.Json;
import java.nio.charset.CharacterCodingException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Strict JSON in, canonical JSON out (spec/API.md §5), with a mapper of its own: the contract is stricter than
 * Spring's shared one on the way in (no coercion, no nulls, nothing after the value) and exact on the way out
 * (RFC 8785 escaping: lowercase hex in control-character escapes, {@code /} and U+2028 as themselves).
 */
final class EventJson {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(
                    DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES,
                    DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
                    DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(
                    DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                    DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY,
                    DeserializationFeature.UNWRAP_SINGLE_VALUE_ARRAYS)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .withCoercionConfig(
                    LogicalType.Textual,
                    c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail))
            .disable(
                    JsonWriteFeature.ESCAPE_FORWARD_SLASHES,
                    JsonWriteFeature.WRITE_HEX_UPPER_CASE,
                    JsonWriteFeature.ESCAPE_NON_ASCII)
            .build();
    private static final ObjectReader READER = MAPPER.readerFor(Event.class);
    private static final ObjectWriter WRITER = MAPPER.writerFor(Event.class);

    private EventJson() {}

    /** The body bound onto {@link Event} with no coercion, or 400. */
    static Event read(byte[] body) {
        Event event;
        try {
            event = READER.readValue(Json.utf8(body));
        } catch (CharacterCodingException e) {
            throw HttpError.badRequest("Body is not valid UTF-8");
        } catch (JacksonException e) {
            throw HttpError.badRequest("Body is not Event JSON");
        }
        if (event == null) {
            throw HttpError.badRequest("Body is not Event JSON");
        }
        if (!wellFormed(event)) {
            throw HttpError.badRequest("Invalid event: a string holds a lone surrogate");
        }
        return event;
    }

    /** Compact, properties in their declared order, strings escaped as RFC 8785 does. */
    static byte[] write(Event event) {
        return WRITER.writeValueAsBytes(event);
    }

    /** Jackson decodes an escaped lone surrogate into a lone UTF-16 surrogate, which has no UTF-8 encoding to echo. */
    private static boolean wellFormed(Event event) {
        if (!Json.isWellFormed(event.eventName())) {
            return false;
        }
        for (Team team : event.teams()) {
            if (team == null
                    || !Json.isWellFormed(team.name())
                    || !Json.isWellFormed(team.country())
                    || !Json.isWellFormed(team.stadium().name())) {
                return false;
            }
        }
        return true;
    }
}
