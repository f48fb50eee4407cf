package bench.reactor.event;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an Event in one streaming pass (spec/API.md §5.1). Jackson's databind type-checks every occurrence of a
 * duplicated key as it binds it, and the contract wants the last one to win and only the last one checked
 * ({@code {"eventName":1,"eventName":"b","teams":[]}} is the Event named b). So each property here keeps its last
 * value, or null when that value was null or of another JSON type, and an object is complete only if none is null
 * at its end. No coercion: a string is a JSON string and nothing else.
 */
final class EventReader {

    private static final JsonFactory JSON = new JsonFactory();

    private EventReader() {}

    /** The Event, or null when the text is JSON but not an Event; a syntax error throws. */
    static Event read(String text) throws IOException {
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
