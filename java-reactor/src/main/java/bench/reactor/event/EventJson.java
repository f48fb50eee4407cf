package bench.reactor.event;

import com.fasterxml.jackson.core.JsonFactory;
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
 * The Event's canonical encoding (RFC 8785, as JSON.stringify writes it): Jackson's standard escapes are already
 * the two-letter ones for \b \f \n \r \t, and leave '/', DEL, U+2028 and all non-ASCII as themselves; only the
 * hex of the other control characters' escapes has to be lowercase.
 *
 * <p>Reading is one streaming pass (spec/API.md §5.1). Jackson's databind type-checks every occurrence of a
 * duplicated key as it binds it, and the contract wants the last one to win and only the last one checked
 * ({@code {"eventName":1,"eventName":"b","teams":[]}} is the Event named b). So each property keeps its last
 * value, or null when that value was null or of another JSON type, and an object is complete only if none is null
 * at its end. No coercion: a string is a JSON string and nothing else.
 */
public final class EventJson {

    private static final ObjectWriter WRITER = JsonMapper.builder()
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .disable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES)
            .disable(JsonWriteFeature.ESCAPE_NON_ASCII)
            // Jackson 2 writes a character beyond the BMP to UTF-8 as two escaped surrogates unless told otherwise.
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build()
            .writerFor(Event.class);

    private EventJson() {}

    public static byte[] write(Event event) throws JsonProcessingException {
        return WRITER.writeValueAsBytes(event);
    }

    private static final JsonFactory JSON = new JsonFactory();

    /** The Event, or null when the text is JSON but not an Event; a syntax error throws. */
    public static Event read(String text) throws IOException {
        try (JsonParser p = JSON.createParser(text)) {
            p.nextToken();
            Event event = event(p);
            return p.nextToken() == null ? event : null; // one JSON value, nothing after it
        }
    }

    private static Event event(JsonParser p) throws IOException {
        if (!p.isExpectedStartObjectToken()) {
            p.skipChildren();
            return null;
        }
        String eventName = null;
        List<Team> teams = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String property = p.currentName();
            p.nextToken();
            switch (property) {
                case "eventName" -> eventName = string(p);
                case "teams" -> teams = teams(p);
                default -> p.skipChildren();
            }
        }
        return eventName == null || teams == null ? null : new Event(eventName, teams);
    }

    private static List<Team> teams(JsonParser p) throws IOException {
        if (!p.isExpectedStartArrayToken()) {
            p.skipChildren();
            return null;
        }
        List<Team> teams = new ArrayList<>();
        boolean complete = true;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            // Read to the end even once a team is not one: a later "teams" may still replace this array.
            Team team = team(p);
            complete &= team != null;
            if (complete) {
                teams.add(team);
            }
        }
        return complete ? teams : null;
    }

    private static Team team(JsonParser p) throws IOException {
        if (!p.isExpectedStartObjectToken()) {
            p.skipChildren();
            return null;
        }
        String name = null;
        String country = null;
        Stadium stadium = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String property = p.currentName();
            p.nextToken();
            switch (property) {
                case "name" -> name = string(p);
                case "country" -> country = string(p);
                case "stadium" -> stadium = stadium(p);
                default -> p.skipChildren();
            }
        }
        return name == null || country == null || stadium == null ? null : new Team(name, country, stadium);
    }

    private static Stadium stadium(JsonParser p) throws IOException {
        if (!p.isExpectedStartObjectToken()) {
            p.skipChildren();
            return null;
        }
        String name = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String property = p.currentName();
            p.nextToken();
            if (property.equals("name")) {
                name = string(p);
            } else {
                p.skipChildren();
            }
        }
        return name == null ? null : new Stadium(name);
    }

    /** A JSON string's value, or null for any other value (skipped whole when it is an object or an array). */
    private static String string(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        p.skipChildren();
        return null;
    }
}
