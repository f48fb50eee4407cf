package bench.contract.event;

import bench.contract.JsonBuffers;
import bench.contract.Refused;
import bench.contract.Utf8;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Event's JSON (spec/API.md §5). In: the body decoded as strict UTF-8 (see {@link Utf8}), then one pass of
 * Jackson's streaming parser (strict RFC 8259) into the records, where a duplicated key's last value wins and only
 * that value is checked (§5.1), which data binding cannot do: it converts, and so type-checks, every value as it
 * comes. Out: canonical (compact, the declared key order, non-ASCII and '/' as themselves, control characters as
 * lowercase hex escapes: ECMAScript's JSON.stringify, RFC 8785).
 */
public final class EventJson {
    private static final JsonFactory JSON = JsonFactory.builder()
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .disable(JsonWriteFeature.ESCAPE_NON_ASCII)
            .disable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES)
            // Jackson 2 writes a character beyond the BMP as two escaped surrogates unless told otherwise.
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .recyclerPool(JsonBuffers.POOL)
            .build();

    private EventJson() {}

    /** Raw body bytes → Event, or a 400 naming what is wrong. */
    public static Event read(byte[] body) {
        String text;
        try {
            text = Utf8.decode(body);
        } catch (CharacterCodingException e) {
            throw Refused.badRequest("Body is not valid UTF-8");
        }
        Event event;
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() == null) {
                throw Refused.badRequest("Body has no JSON value");
            }
            event = event(parser);
            if (parser.nextToken() != null) {
                throw Refused.badRequest("Body has more than one JSON value");
            }
        } catch (IOException e) {
            throw Refused.badRequest("Body is not valid JSON");
        }
        if (event == null) {
            throw Refused.badRequest("Body is not a valid Event");
        }
        return event;
    }

    /** The canonical bytes, written into the factory's recycled buffers as Jackson's own writeValueAsBytes does. */
    public static byte[] write(Event event) {
        BufferRecycler buffers = JSON._getBufferRecycler();
        try (ByteArrayBuilder out = new ByteArrayBuilder(buffers)) {
            try (JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
                json.writeStartObject();
                json.writeStringField("eventName", event.eventName());
                json.writeArrayFieldStart("teams");
                for (Team team : event.teams()) {
                    json.writeStartObject();
                    json.writeStringField("name", team.name());
                    json.writeStringField("country", team.country());
                    json.writeObjectFieldStart("stadium");
                    json.writeStringField("name", team.stadium().name());
                    json.writeEndObject();
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            return out.getClearAndRelease();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory does not fail", e);
        } finally {
            buffers.releaseToPool();
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
