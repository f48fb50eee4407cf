package bench.reactor.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The Event's canonical encoding (RFC 8785, as JSON.stringify writes it): Jackson's standard escapes are already
 * the two-letter ones for \b \f \n \r \t, and leave '/', DEL, U+2028 and all non-ASCII as themselves; only the
 * hex of the other control characters' escapes has to be lowercase. Reading is {@link EventReader}'s.
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
}
