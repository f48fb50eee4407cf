package bench.mvc.event;

import bench.mvc.Utf8;
import java.nio.charset.CharacterCodingException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Strict JSON in, canonical JSON out (spec/API.md §5). A mapper of its own, because the contract is stricter
 * than Spring's shared one on the way in (no coercion, no nulls, nothing after the value) and exact on the way
 * out (RFC 8785 escaping: lowercase hex in control-character escapes, {@code /} and U+2028 as themselves).
 */
@Component
class EventJson {

    private final JsonMapper mapper = JsonMapper.builder()
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

    Event read(byte[] body) {
        String text;
        try {
            text = Utf8.decode(body);
        } catch (CharacterCodingException e) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "body is not valid UTF-8");
        }
        Event event;
        try {
            event = mapper.readValue(text, Event.class);
        } catch (JacksonException e) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "body is not an Event");
        }
        if (event == null) throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "body is not an Event");
        if (!event.wellFormed()) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "a string holds a lone surrogate");
        }
        return event;
    }

    byte[] write(Event event) {
        return mapper.writeValueAsBytes(event);
    }
}
