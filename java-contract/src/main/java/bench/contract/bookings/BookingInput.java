package bench.contract.bookings;

import bench.bookings.proto.Booking;
import bench.contract.JsonBuffers;
import bench.contract.Refused;
import bench.contract.Utf8;
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

/**
 * Body bytes → the generated {@link Booking} message (spec/API.md §6.1), or 400. Binary protobuf is protobuf-java's
 * own parser (truncation, wire types 6/7 and invalid UTF-8 in strings fail; unknown fields are skipped). JSON is the
 * proto3 JSON mapping, read in one pass of Jackson's streaming parser and matched to the message descriptor so that
 * the contract's typing holds: a string field must be a JSON string without a lone surrogate, int64 an integer (a
 * JSON number or a string of digits, read exactly), null means absent. A field given twice, under one name or both,
 * takes the value given last, and only that value is checked: a JSON tree could not tell which of its two names came
 * last. Not protobuf-java's {@code JsonFormat}: it accepts a number or a one-element array for a string field and
 * {@code 1e3} for an int64, and refuses a field given under both of its names.
 */
public final class BookingInput {
    public static final String PROTOBUF = "application/x-protobuf";
    public static final String JSON = "application/json";

    private static final JsonFactory PARSERS =
            JsonFactory.builder().recyclerPool(JsonBuffers.POOL).build();
    private static final List<FieldDescriptor> FIELDS = Booking.getDescriptor().getFields();
    /** Each field under its proto3 JSON name (lowerCamelCase) and its original one (snake_case). */
    private static final Map<String, FieldDescriptor> BY_NAME = byName();

    private static final Pattern INT64 = Pattern.compile("-?[0-9]+");

    private BookingInput() {}

    /** The body of a request whose media type (lower case, no parameters) is {@link #PROTOBUF} or {@link #JSON}. */
    public static Booking decode(String mediaType, byte[] body) {
        return PROTOBUF.equals(mediaType) ? protobuf(body) : json(body);
    }

    public static Booking protobuf(byte[] body) {
        try {
            return Booking.parseFrom(body);
        } catch (InvalidProtocolBufferException e) {
            throw Refused.badRequest("Body is not a valid Booking protobuf message");
        }
    }

    public static Booking json(byte[] body) {
        String text;
        try {
            text = Utf8.decode(body); // parsed as text: see Utf8 for the byte order mark and UTF-16
        } catch (CharacterCodingException e) {
            throw Refused.badRequest("Body is not valid UTF-8");
        }
        // Per field: its value, null when absent, or the 400 it gets if that is still the last value given.
        Object[] values = new Object[FIELDS.size()];
        try (JsonParser parser = PARSERS.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw Refused.badRequest("Body must be a JSON object");
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
                throw Refused.badRequest("Body has more than one JSON value");
            }
        } catch (IOException e) {
            throw Refused.badRequest("Body is not valid JSON");
        }
        Booking.Builder builder = Booking.newBuilder();
        for (FieldDescriptor field : FIELDS) {
            Object value = values[field.getIndex()];
            if (value instanceof Refused wrongType) {
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
        return Utf8.hasLoneSurrogate(value)
                ? Refused.badRequest(field.getJsonName() + " contains a lone surrogate")
                : value;
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

    private static Refused wrongType(JsonParser parser, FieldDescriptor field, String type) throws IOException {
        parser.skipChildren();
        return Refused.badRequest(field.getJsonName() + " must be " + type);
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
