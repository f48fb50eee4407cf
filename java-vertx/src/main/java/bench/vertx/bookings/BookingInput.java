package bench.vertx.bookings;

import bench.bookings.proto.Booking;
import bench.vertx.Bodies;
import bench.vertx.HttpError;
import bench.vertx.Utf8;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.util.regex.Pattern;

/**
 * Body bytes → the generated {@link Booking} message (spec/API.md §6.1), or 400. Binary protobuf is protobuf-java's
 * own parser (truncation, wire types 6/7 and invalid UTF-8 in strings fail; unknown fields are skipped). JSON is
 * the proto3 JSON mapping, read field by field from the message descriptor so that the contract's typing holds:
 * a string field must be a JSON string, int64 an integral number or a decimal string, null means absent.
 */
public final class BookingInput {
    private static final ObjectReader JSON_READER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build()
            .readerFor(JsonNode.class);
    private static final Pattern INT64 = Pattern.compile("-?[0-9]{1,19}");

    private BookingInput() {}

    public static Booking decode(String mediaType, byte[] body) {
        if (Bodies.PROTOBUF.equals(mediaType)) {
            try {
                return Booking.parseFrom(body);
            } catch (InvalidProtocolBufferException e) {
                throw HttpError.badRequest("Body is not a valid Booking protobuf message");
            }
        }
        return fromJson(body);
    }

    static Booking fromJson(byte[] body) {
        if (!Utf8.isValid(body)) {
            throw HttpError.badRequest("Body is not valid UTF-8");
        }
        JsonNode json;
        try {
            json = JSON_READER.readValue(body);
        } catch (JacksonException e) {
            throw HttpError.badRequest("Body is not valid JSON");
        } catch (IOException e) {
            throw HttpError.badRequest("Body could not be read");
        }
        if (json == null || !json.isObject()) {
            throw HttpError.badRequest("Body must be a JSON object");
        }
        Booking.Builder builder = Booking.newBuilder();
        for (FieldDescriptor field : Booking.getDescriptor().getFields()) {
            JsonNode value = json.has(field.getJsonName()) ? json.get(field.getJsonName()) : json.get(field.getName());
            if (value == null || value.isNull()) {
                continue;
            }
            builder.setField(
                    field,
                    switch (field.getJavaType()) {
                        case STRING -> string(value, field);
                        case LONG -> int64(value, field);
                        default -> throw new IllegalStateException("booking.proto has only string and int64 fields");
                    });
        }
        return builder.build();
    }

    private static String string(JsonNode value, FieldDescriptor field) {
        if (!value.isTextual()) {
            throw HttpError.badRequest(field.getJsonName() + " must be a string");
        }
        return value.textValue();
    }

    private static long int64(JsonNode value, FieldDescriptor field) {
        if (value.isIntegralNumber() && value.canConvertToLong()) {
            return value.longValue();
        }
        if (value.isTextual() && INT64.matcher(value.textValue()).matches()) {
            try {
                return Long.parseLong(value.textValue());
            } catch (NumberFormatException e) {
                // beyond int64: falls through to the 400 below
            }
        }
        throw HttpError.badRequest(field.getJsonName() + " must be an integer within int64");
    }
}
