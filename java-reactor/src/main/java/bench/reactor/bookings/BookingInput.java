package bench.reactor.bookings;

import bench.bookings.proto.Booking;
import bench.reactor.Bodies;
import bench.reactor.HttpError;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The body, in either request encoding, to the generated Booking message, or 400 (spec/API.md §6.1). Binary
 * is protobuf-java's own parser. JSON is the proto3 JSON mapping for this one message, written out here because
 * JsonFormat coerces what the contract refuses (a number or a one-element array for a string field): one
 * streaming pass sets each field on the generated builder as it comes, so a field given twice, under one name or
 * under both, takes its last value, and only the last value is checked: its JSON type, and for a string that it
 * holds no lone surrogate (an escaped {@code "\ud800"} without its pair, which Jackson decodes as it is).
 */
public final class BookingInput {

    public static final String PROTOBUF = "application/x-protobuf";
    public static final String JSON = "application/json";

    private static final JsonFactory PARSERS = new JsonFactory();
    /** originTs inside a string: ASCII digits and an optional minus, nothing else (Long.parseLong takes a plus). */
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

    /** Booking's fields; proto3 JSON writes the lowerCamelCase name and accepts the original snake_case one too. */
    private enum Field {
        BOOKING_ID("bookingId", Booking.Builder::setBookingId, Booking.Builder::clearBookingId),
        DOLLAR_VALUE("dollarValue", Booking.Builder::setDollarValue, Booking.Builder::clearDollarValue),
        START_DATE("startDate", Booking.Builder::setStartDate, Booking.Builder::clearStartDate),
        END_DATE("endDate", Booking.Builder::setEndDate, Booking.Builder::clearEndDate),
        ORIGIN_TS("originTs", null, Booking.Builder::clearOriginTs),
        PARENT_ID("parentId", Booking.Builder::setParentId, Booking.Builder::clearParentId),
        MODEL("model", Booking.Builder::setModel, Booking.Builder::clearModel),
        TRIM("trim", Booking.Builder::setTrim, Booking.Builder::clearTrim),
        STAGE("stage", Booking.Builder::setStage, Booking.Builder::clearStage),
        TYPE("type", Booking.Builder::setType, Booking.Builder::clearType);

        private static final Field[] ALL = values();
        private static final Map<String, Field> BY_NAME = new HashMap<>();

        static {
            for (Field field : values()) {
                BY_NAME.put(field.json, field);
                BY_NAME.put(field.name().toLowerCase(Locale.ROOT), field);
            }
        }

        final String json;
        private final BiConsumer<Booking.Builder, String> set;
        private final Consumer<Booking.Builder> clear;

        Field(String json, BiConsumer<Booking.Builder, String> set, Consumer<Booking.Builder> clear) {
            this.json = json;
            this.set = set;
            this.clear = clear;
        }

        /** Sets this field from the parser's current value; what makes that value a 400 (after the name), or null. */
        String read(JsonParser p, Booking.Builder builder) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_NULL) {
                clear.accept(builder); // null means absent: the field's default
                return null;
            }
            if (this == ORIGIN_TS) {
                return int64(p, builder) ? null : " must be an integer within int64";
            }
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                p.skipChildren();
                return " must be a string";
            }
            String text = p.getText();
            set.accept(builder, text);
            return Bodies.hasLoneSurrogate(text) ? " holds a lone surrogate" : null;
        }
    }

    private BookingInput() {}

    public static Booking decode(String mediaType, byte[] body) {
        return PROTOBUF.equals(mediaType) ? protobuf(body) : json(body);
    }

    static Booking protobuf(byte[] body) {
        try {
            return Booking.parseFrom(body);
        } catch (InvalidProtocolBufferException e) {
            throw HttpError.badRequest("Body is not a protobuf Booking");
        }
    }

    static Booking json(byte[] body) {
        try (JsonParser p = PARSERS.createParser(Bodies.utf8(body))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw HttpError.badRequest("Body must be a JSON object");
            }
            Booking.Builder builder = Booking.newBuilder();
            String[] invalid =
                    new String[Field.ALL.length]; // per Field, what is wrong with its last value, if anything
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                Field field = Field.BY_NAME.get(p.currentName());
                p.nextToken();
                if (field == null) {
                    p.skipChildren(); // unknown fields are ignored
                } else {
                    invalid[field.ordinal()] = field.read(p, builder);
                }
            }
            if (p.nextToken() != null) {
                throw HttpError.badRequest("Body is not valid JSON");
            }
            for (Field field : Field.ALL) {
                if (invalid[field.ordinal()] != null) {
                    throw HttpError.badRequest(field.json + invalid[field.ordinal()]);
                }
            }
            return builder.build();
        } catch (IOException e) {
            throw HttpError.badRequest("Body is not valid JSON");
        }
    }

    /** An int64 is a JSON integer or a decimal string (proto3 JSON writes it as a string), read exactly. */
    private static boolean int64(JsonParser p, Booking.Builder builder) throws IOException {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            builder.setOriginTs(p.getLongValue());
            return true;
        }
        if (token == JsonToken.VALUE_STRING && INTEGER.matcher(p.getText()).matches()) {
            try {
                builder.setOriginTs(Long.parseLong(p.getText()));
                return true;
            } catch (NumberFormatException beyondInt64) {
                return false;
            }
        }
        p.skipChildren();
        return false;
    }
}
