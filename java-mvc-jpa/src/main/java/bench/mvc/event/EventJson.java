package bench.mvc.event;

import bench.mvc.Utf8;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Strict JSON in, canonical JSON out (spec/API.md §5). In, token by token on Jackson's parser rather than by data
 * binding: a key given twice takes its last value and only that one is checked ({@code {"eventName":1,
 * "eventName":"b"}} is the Event named b), where binding would refuse the first value as it reads it. Each reader
 * below consumes one value whole and returns it, or null when it is not what the contract asks for there (another
 * JSON type, null, a required property missing); a null that a later value of the same key does not replace is
 * the 400. Out, by the mapper, exact (RFC 8785 escaping: lowercase hex in control-character escapes, {@code /} and
 * U+2028 as themselves).
 */
@Component
class EventJson {

    private final JsonMapper mapper = JsonMapper.builder()
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
        try (JsonParser json = mapper.createParser(text)) {
            event = event(json, json.nextToken());
            if (json.nextToken() != null) event = null;
        } catch (JacksonException e) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "body is not JSON");
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

    private static @Nullable Event event(JsonParser json, @Nullable JsonToken token) {
        if (token != JsonToken.START_OBJECT) return skip(json);
        String eventName = null;
        List<Team> teams = null;
        for (String key; (key = json.nextName()) != null; ) {
            JsonToken value = json.nextToken();
            switch (key) {
                case "eventName" -> eventName = string(json, value);
                case "teams" -> teams = teams(json, value);
                default -> json.skipChildren();
            }
        }
        return eventName == null || teams == null ? null : new Event(eventName, teams);
    }

    private static @Nullable List<Team> teams(JsonParser json, JsonToken token) {
        if (token != JsonToken.START_ARRAY) return skip(json);
        List<Team> teams = new ArrayList<>();
        boolean valid = true;
        for (JsonToken element; (element = json.nextToken()) != JsonToken.END_ARRAY; ) {
            Team team = team(json, element);
            if (team == null) valid = false;
            else if (valid) teams.add(team);
        }
        return valid ? teams : null;
    }

    private static @Nullable Team team(JsonParser json, JsonToken token) {
        if (token != JsonToken.START_OBJECT) return skip(json);
        String name = null;
        String country = null;
        Stadium stadium = null;
        for (String key; (key = json.nextName()) != null; ) {
            JsonToken value = json.nextToken();
            switch (key) {
                case "name" -> name = string(json, value);
                case "country" -> country = string(json, value);
                case "stadium" -> stadium = stadium(json, value);
                default -> json.skipChildren();
            }
        }
        return name == null || country == null || stadium == null ? null : new Team(name, country, stadium);
    }

    private static @Nullable Stadium stadium(JsonParser json, JsonToken token) {
        if (token != JsonToken.START_OBJECT) return skip(json);
        String name = null;
        for (String key; (key = json.nextName()) != null; ) {
            JsonToken value = json.nextToken();
            if (key.equals("name")) name = string(json, value);
            else json.skipChildren();
        }
        return name == null ? null : new Stadium(name);
    }

    private static @Nullable String string(JsonParser json, JsonToken token) {
        return token == JsonToken.VALUE_STRING ? json.getString() : skip(json);
    }

    /** Steps over a value of the wrong kind (the whole of an object or array); the caller answers null. */
    private static <T> @Nullable T skip(JsonParser json) {
        json.skipChildren();
        return null;
    }
}
