package bench.play.event;

import bench.play.Utf8;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.util.ByteString;

/**
 * The Event's JSON (spec/API.md §5), on the ObjectMapper Play configures (Pekko's Jackson settings plus Play's
 * modules). In: one pass of that mapper's streaming parser (strict RFC 8259 as configured) into the records, where a
 * duplicated key's last value wins and only that value is checked (§5.1), which data binding cannot do: it converts,
 * and so type-checks, every value as it comes. Out: the mapper's writer for {@link Event}, canonical (compact,
 * declared key order, non-ASCII and '/' as themselves, control characters as lowercase hex escapes: ECMAScript's
 * JSON.stringify, RFC 8785), set per writer so that Play's shared mapper is left as it is.
 */
public final class EventJson {
    private final JsonFactory json;
    private final ObjectWriter writer;

    public EventJson(ObjectMapper mapper) {
        this.json = mapper.getFactory();
        this.writer = mapper.writerFor(Event.class)
                .withoutFeatures(
                        JsonWriteFeature.WRITE_HEX_UPPER_CASE,
                        JsonWriteFeature.ESCAPE_NON_ASCII,
                        JsonWriteFeature.ESCAPE_FORWARD_SLASHES)
                // Jackson 2 writes a character beyond the BMP as two escaped surrogates unless told otherwise.
                .with(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8);
    }

    /** A body that is not an Event: the 400's message says what is wrong. */
    public static final class InvalidEvent extends Exception {
        InvalidEvent(String message) {
            super(message, null, false, false);
        }
    }

    /** Raw body bytes → Event. */
    public Event read(ByteString body) throws InvalidEvent {
        String text;
        try {
            text = Utf8.decode(body); // parsed as text: see Utf8 for the byte order mark and UTF-16
        } catch (CharacterCodingException e) {
            throw new InvalidEvent("Body is not valid UTF-8");
        }
        Event event;
        try (JsonParser parser = json.createParser(text)) {
            if (parser.nextToken() == null) {
                throw new InvalidEvent("Body has no JSON value");
            }
            event = event(parser);
            if (parser.nextToken() != null) {
                throw new InvalidEvent("Body has more than one JSON value");
            }
        } catch (IOException e) {
            throw new InvalidEvent("Body is not valid JSON");
        }
        if (event == null) {
            throw new InvalidEvent("Body is not a valid Event");
        }
        return event;
    }

    public byte[] write(Event event) {
        try {
            return writer.writeValueAsBytes(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an Event always serializes", e);
        }
    }

    /*
     * Each reader below takes the value at the parser's current token, consumes all of it, and returns null when it is
     * not what the contract wants there (another JSON type, null, a property missing, a lone surrogate): the caller
     * keeps only the last value of a key, so an earlier wrong one costs nothing.
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
        // Read to the end even once a team is not one: the array is one value, and a later "teams" may replace it.
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

    /** A JSON string, and nothing else (no coercion), that is well-formed UTF-16 and so has a UTF-8 encoding. */
    private static String string(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            parser.skipChildren();
            return null;
        }
        String value = parser.getText();
        return Utf8.hasLoneSurrogate(value) ? null : value;
    }
}
