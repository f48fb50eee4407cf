package bench.play.bookings;

import bench.bookings.proto.Booking;
import bench.play.Bodies;
import bench.play.Utf8;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.pekko.util.ByteString;

/**
 * Body bytes → the generated {@link Booking} message (spec/API.md §6.1), or 400. Binary protobuf is protobuf-java's
 * own parser (truncation, wire types 6/7 and invalid UTF-8 in strings fail; unknown fields are skipped). JSON is the
 * proto3 JSON mapping, read in one pass of Jackson's streaming parser and matched to the message descriptor so that
 * the contract's typing holds: a string field must be a JSON string without a lone surrogate, int64 an integer (a
 * JSON number or a string of digits, read exactly), null means absent. A field given twice, under one name or both,
 * takes the value given last, and only that value is checked: a JSON tree could not tell which of its two names came
 * last. Not protobuf-java's {@code JsonFormat}: it accepts a number for a string field and {@code 1e3} for an int64,
 * and refuses a field given under both of its names.
 */
public final class BookingInput {
    private static final JsonFactory JSON = new JsonFactory();
    private static final List<FieldDescriptor> FIELDS = Booking.getDescriptor().getFields();
    /** Each field under its proto3 JSON name (lowerCamelCase) and its original one (snake_case). */
    private static final Map<String, FieldDescriptor> BY_NAME = byName();

    private static final Pattern INT64 = Pattern.compile("-?[0-9]+");

    private BookingInput() {}

    public static Booking decode(String mediaType, byte[] body) {
        if (Bodies.PROTOBUF.equals(mediaType)) {
            try {
                return Booking.parseFrom(body);
            } catch (InvalidProtocolBufferException e) {
                throw badRequest("Body is not a valid Booking protobuf message");
            }
        }
        return fromJson(body);
    }

    static Booking fromJson(byte[] body) {
        String text = utf8(body);
        // RFC 8259 §8.1 forbids sending one, and the contract answers it with 400.
        if (text.startsWith("\ufeff")) {
            throw badRequest("Body starts with a byte order mark");
        }
        // Per field: its value, null when absent, or the 400 it gets if that is still the last value given.
        Object[] values = new Object[FIELDS.size()];
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw badRequest("Body must be a JSON object");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                FieldDescriptor field = BY_NAME.get(key);
                if (field == null) {
                    parser.skipChildren();
                } else {
                    values[field.getIndex()] = value(parser, field);
                }
            }
            if (parser.nextToken() != null) {
                throw badRequest("Body has more than one JSON value");
            }
        } catch (IOException e) {
            throw badRequest("Body is not valid JSON");
        }
        Booking.Builder builder = Booking.newBuilder();
        for (FieldDescriptor field : FIELDS) {
            Object value = values[field.getIndex()];
            if (value instanceof Bookings.Refused wrongType) {
                throw wrongType;
            }
            if (value != null) {
                builder.setField(field, value);
            }
        }
        return builder.build();
    }

    private static Object value(JsonParser parser, FieldDescriptor field) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        return switch (field.getJavaType()) {
            case STRING ->
                token == JsonToken.VALUE_STRING ? string(parser, field) : wrongType(parser, field, "a string");
            case LONG ->
                token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_STRING
                        ? int64(parser, field)
                        : wrongType(parser, field, "an integer within int64");
            default -> throw new IllegalStateException("booking.proto has only string and int64 fields");
        };
    }

    /** A JSON string without a lone surrogate (an escaped {@code "\\ud800"} without its pair): it has no UTF-8. */
    private static Object string(JsonParser parser, FieldDescriptor field) throws IOException {
        String value = parser.getText();
        return Utf8.hasLoneSurrogate(value) ? badRequest(field.getJsonName() + " contains a lone surrogate") : value;
    }

    /** ASCII digits with an optional leading '-' (no '+', fraction, exponent or whitespace), exactly within int64. */
    private static Object int64(JsonParser parser, FieldDescriptor field) throws IOException {
        String digits = parser.getText();
        if (INT64.matcher(digits).matches()) {
            try {
                return Long.parseLong(digits);
            } catch (NumberFormatException e) {
                // beyond int64: the 400 below
            }
        }
        return wrongType(parser, field, "an integer within int64");
    }

    private static Bookings.Refused wrongType(JsonParser parser, FieldDescriptor field, String type)
            throws IOException {
        parser.skipChildren();
        return badRequest(field.getJsonName() + " must be " + type);
    }

    /** Strict UTF-8, as the echo reads it. */
    private static String utf8(byte[] body) {
        try {
            return Utf8.decode(ByteString.fromArrayUnsafe(body));
        } catch (CharacterCodingException e) {
            throw badRequest("Body is not valid UTF-8");
        }
    }

    private static Bookings.Refused badRequest(String message) {
        return new Bookings.Refused(400, message);
    }

    private static Map<String, FieldDescriptor> byName() {
        Map<String, FieldDescriptor> byName = new HashMap<>();
        for (FieldDescriptor field : FIELDS) {
            byName.put(field.getJsonName(), field);
            byName.put(field.getName(), field);
        }
        return Map.copyOf(byName);
    }
}
