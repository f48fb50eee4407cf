package bench.spring5.event;

import bench.spring5.HttpError;
import bench.spring5.Json;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Strict JSON in, canonical JSON out (spec/API.md §5). In: one pass of Jackson's streaming parser, where a key
 * given twice keeps its last value and only that value is type-checked (data binding checks, and fails on, every
 * value it meets; a record's creator even keeps the first); no coercion, no nulls, nothing after the value. Out:
 * a mapper of its own with RFC 8785 escaping (lowercase hex in control-character escapes, {@code /} and U+2028
 * as themselves).
 */
final class EventJson {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(
                    JsonWriteFeature.ESCAPE_FORWARD_SLASHES,
                    JsonWriteFeature.WRITE_HEX_UPPER_CASE,
                    JsonWriteFeature.ESCAPE_NON_ASCII)
            .build();
    private static final ObjectWriter WRITER = MAPPER.writerFor(Event.class);

    private EventJson() {}

    /** The body as an {@link Event}, or 400. */
    static Event read(byte[] body) {
        Event event;
        try (JsonParser json = MAPPER.createParser(Json.utf8(body))) {
            json.nextToken();
            event = event(json);
            if (json.nextToken() != null) {
                event = null;
            }
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

    // Each reader below starts on the value's first token and consumes the whole value. It answers null when the
    // value is not of its type, so that a later value of the same key can still replace it.

    private static @Nullable Event event(JsonParser json) {
        if (!json.isExpectedStartObjectToken()) {
            json.skipChildren();
            return null;
        }
        String eventName = null;
        List<Team> teams = null;
        for (String key = json.nextName(); key != null; key = json.nextName()) {
            json.nextToken();
            switch (key) {
                case "eventName" -> eventName = string(json);
                case "teams" -> teams = teams(json);
                default -> json.skipChildren();
            }
        }
        return eventName == null || teams == null ? null : new Event(eventName, teams);
    }

    private static @Nullable List<Team> teams(JsonParser json) {
        if (!json.isExpectedStartArrayToken()) {
            json.skipChildren();
            return null;
        }
        List<Team> teams = new ArrayList<>();
        boolean valid = true;
        while (json.nextToken() != JsonToken.END_ARRAY) {
            Team team = team(json);
            valid &= team != null;
            teams.add(team);
        }
        return valid ? teams : null;
    }

    private static @Nullable Team team(JsonParser json) {
        if (!json.isExpectedStartObjectToken()) {
            json.skipChildren();
            return null;
        }
        String name = null;
        String country = null;
        Stadium stadium = null;
        for (String key = json.nextName(); key != null; key = json.nextName()) {
            json.nextToken();
            switch (key) {
                case "name" -> name = string(json);
                case "country" -> country = string(json);
                case "stadium" -> stadium = stadium(json);
                default -> json.skipChildren();
            }
        }
        return name == null || country == null || stadium == null ? null : new Team(name, country, stadium);
    }

    private static @Nullable Stadium stadium(JsonParser json) {
        if (!json.isExpectedStartObjectToken()) {
            json.skipChildren();
            return null;
        }
        String name = null;
        for (String key = json.nextName(); key != null; key = json.nextName()) {
            json.nextToken();
            if (key.equals("name")) {
                name = string(json);
            } else {
                json.skipChildren();
            }
        }
        return name == null ? null : new Stadium(name);
    }

    /** A JSON string; never a number, boolean or null taken for one. */
    private static @Nullable String string(JsonParser json) {
        if (json.currentToken() == JsonToken.VALUE_STRING) {
            return json.getString();
        }
        json.skipChildren();
        return null;
    }

    /** Jackson decodes an escaped lone surrogate into a lone UTF-16 surrogate, which has no UTF-8 encoding to echo. */
    private static boolean wellFormed(Event event) {
        if (!Json.isWellFormed(event.eventName())) {
            return false;
        }
        for (Team team : event.teams()) {
            if (!Json.isWellFormed(team.name())
                    || !Json.isWellFormed(team.country())
                    || !Json.isWellFormed(team.stadium().name())) {
                return false;
            }
        }
        return true;
    }
}
