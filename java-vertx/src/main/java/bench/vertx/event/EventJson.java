package bench.vertx.event;

import bench.vertx.HttpError;
import bench.vertx.Utf8;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Event's JSON. In: one pass of Jackson's streaming parser (strict RFC 8259 by default) into the records, where a
 * duplicated key's last value wins and only that value is checked (spec/API.md §5.1), which databind cannot do: it
 * converts, and so type-checks, every value as it comes. Out: databind, canonical (compact, declared key order,
 * non-ASCII as UTF-8, control characters as lowercase hex escapes: ECMAScript's JSON.stringify = RFC 8785).
 */
public final class EventJson {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();
    private static final ObjectWriter WRITER = MAPPER.writerFor(Event.class);

    private EventJson() {}

    /** Raw body bytes → Event, or a 400 naming what is wrong. */
    public static Event read(byte[] body) {
        if (!Utf8.isValid(body)) {
            throw HttpError.badRequest("Body is not valid UTF-8");
        }
        if (Utf8.startsWithByteOrderMark(body)) {
            throw HttpError.badRequest("Body starts with a byte order mark");
        }
        Event event;
        try (JsonParser parser = MAPPER.createParser(body)) {
            parser.nextToken();
            event = event(parser);
            if (parser.nextToken() != null) {
                throw HttpError.badRequest("Body has more than one JSON value");
            }
        } catch (IOException e) {
            throw HttpError.badRequest("Body is not valid JSON");
        }
        if (event == null) {
            throw HttpError.badRequest("Body is not a valid Event");
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

    /*
     * Each reader below takes the value at the parser's current token, consumes all of it, and returns null when it is
     * not what the contract wants there (a wrong type, null, a property missing): the caller keeps only the last value
     * of a key, so an earlier wrong one costs nothing.
     */

    private static Event event(JsonParser parser) throws IOException {
        if (!parser.isExpectedStartObjectToken()) {
            parser.skipChildren();
            return null;
        }
        String eventName = null;
        List<Team> teams = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            parser.nextToken();
            switch (key) {
                case "eventName" -> eventName = string(parser);
                case "teams" -> teams = teams(parser);
                default -> parser.skipChildren();
            }
        }
        return eventName == null || teams == null ? null : new Event(eventName, teams);
    }

    private static List<Team> teams(JsonParser parser) throws IOException {
        if (!parser.isExpectedStartArrayToken()) {
            parser.skipChildren();
            return null;
        }
        List<Team> teams = new ArrayList<>();
        boolean valid = true;
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            Team team = team(parser);
            valid &= team != null;
            teams.add(team);
        }
        return valid ? teams : null;
    }

    private static Team team(JsonParser parser) throws IOException {
        if (!parser.isExpectedStartObjectToken()) {
            parser.skipChildren();
            return null;
        }
        String name = null;
        String country = null;
        Stadium stadium = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            parser.nextToken();
            switch (key) {
                case "name" -> name = string(parser);
                case "country" -> country = string(parser);
                case "stadium" -> stadium = stadium(parser);
                default -> parser.skipChildren();
            }
        }
        return name == null || country == null || stadium == null ? null : new Team(name, country, stadium);
    }

    private static Stadium stadium(JsonParser parser) throws IOException {
        if (!parser.isExpectedStartObjectToken()) {
            parser.skipChildren();
            return null;
        }
        String name = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            parser.nextToken();
            if (key.equals("name")) {
                name = string(parser);
            } else {
                parser.skipChildren();
            }
        }
        return name == null ? null : new Stadium(name);
    }

    /**
     * A JSON string that is well-formed UTF-16: a JSON escape may produce a lone surrogate (an escaped high surrogate
     * without its pair), which has no UTF-8 encoding to echo.
     */
    private static String string(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            parser.skipChildren();
            return null;
        }
        String value = parser.getText();
        if (Utf8.hasLoneSurrogate(value)) {
            return null;
        }
        return value;
    }
}
