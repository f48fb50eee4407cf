package bench.reactor.bookings;

import bench.bookings.proto.Booking;
import bench.reactor.Bodies;
import bench.reactor.HttpError;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.google.protobuf.InvalidProtocolBufferException;
import java.math.BigInteger;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The body, in either request encoding, to the generated Booking message, or 400 (spec/API.md §6.1). Binary
 * is protobuf-java's own parser. JSON is the proto3 JSON mapping for this one message, written out here because
 * JsonFormat coerces what the contract refuses (a number or a one-element array for a string field): every
 * field's JSON type is checked, then set on the generated builder.
 */
public final class BookingInput {

    public static final String PROTOBUF = "application/x-protobuf";
    public static final String JSON = "application/json";

    private static final ObjectReader TREE = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build()
            .reader();

    private static final Map<String, BiConsumer<Booking.Builder, String>> STRINGS = Map.ofEntries(
            Map.entry("bookingId", Booking.Builder::setBookingId),
            Map.entry("dollarValue", Booking.Builder::setDollarValue),
            Map.entry("startDate", Booking.Builder::setStartDate),
            Map.entry("endDate", Booking.Builder::setEndDate),
            Map.entry("parentId", Booking.Builder::setParentId),
            Map.entry("model", Booking.Builder::setModel),
            Map.entry("trim", Booking.Builder::setTrim),
            Map.entry("stage", Booking.Builder::setStage),
            Map.entry("type", Booking.Builder::setType));

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

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
        JsonNode root;
        try {
            root = TREE.readTree(Bodies.utf8(body));
        } catch (JsonProcessingException e) {
            throw HttpError.badRequest("Body is not valid JSON");
        }
        if (root == null || !root.isObject()) {
            throw HttpError.badRequest("Body must be a JSON object");
        }
        Booking.Builder builder = Booking.newBuilder();
        for (Map.Entry<String, JsonNode> field : root.properties()) {
            String name = lowerCamel(field.getKey());
            JsonNode value = field.getValue();
            if (value.isNull()) {
                continue; // null means absent: the field keeps its default
            }
            if (name.equals("originTs")) {
                builder.setOriginTs(int64(value));
            } else if (STRINGS.containsKey(name)) {
                if (!value.isTextual()) {
                    throw HttpError.badRequest(name + " must be a string");
                }
                STRINGS.get(name).accept(builder, value.textValue());
            }
        }
        return builder.build();
    }

    /** An int64 is a JSON integer or a decimal string (proto3 JSON writes it as a string). */
    private static long int64(JsonNode value) {
        BigInteger number;
        if (value.isIntegralNumber()) {
            number = value.bigIntegerValue();
        } else if (value.isTextual() && value.textValue().matches("-?[0-9]+")) {
            number = new BigInteger(value.textValue());
        } else {
            throw HttpError.badRequest("originTs must be an integer");
        }
        if (number.compareTo(LONG_MIN) < 0 || number.compareTo(LONG_MAX) > 0) {
            throw HttpError.badRequest("originTs is beyond int64");
        }
        return number.longValueExact();
    }

    /** proto3 JSON accepts the original snake_case names too. */
    private static String lowerCamel(String name) {
        if (name.indexOf('_') < 0) {
            return name;
        }
        StringBuilder camel = new StringBuilder(name.length());
        boolean upper = false;
        for (char c : name.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                camel.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return camel.toString();
    }
}
