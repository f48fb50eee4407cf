package bench.mvc.bookings;

import bench.bookings.proto.Booking;
import bench.mvc.Utf8;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.protobuf.ProtobufHttpMessageConverter;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of POST /bookings to a {@link Booking} message, or 400 (spec/API.md §6.1). Both readers are message
 * converter beans, which Boot puts ahead of its defaults: protobuf-java's own for {@code application/x-protobuf}
 * (only that: its JSON support would coerce types), and this one for {@code application/json}, the proto3 JSON
 * mapping read token by token on Jackson's parser into the message's builder by the fields' descriptors (each
 * field under its JSON name or its proto name). Not protobuf-java's {@code JsonFormat}: it accepts a number or a
 * one-element array for a string field and {@code 1e3} for an int64, and refuses a field given under both of its
 * names, where the contract wants the last value given, and only that one checked (a wrong type that a later
 * value replaces is no error).
 */
@Component
class BookingInput extends AbstractHttpMessageConverter<Booking> {

    private static final Map<String, FieldDescriptor> FIELDS = new HashMap<>();

    static {
        for (FieldDescriptor field : Booking.getDescriptor().getFields()) {
            FIELDS.put(field.getName(), field);
            FIELDS.put(field.getJsonName(), field);
        }
    }

    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private static final Object WRONG = new Object();

    private final JsonMapper mapper = JsonMapper.builder().build();

    BookingInput() {
        super(StandardCharsets.UTF_8, MediaType.APPLICATION_JSON);
    }

    @Bean
    static ProtobufHttpMessageConverter protobufInput() {
        ProtobufHttpMessageConverter protobuf = new ProtobufHttpMessageConverter();
        protobuf.setSupportedMediaTypes(List.of(ProtobufHttpMessageConverter.PROTOBUF));
        return protobuf;
    }

    @Override
    protected boolean supports(Class<?> type) {
        return Booking.class == type;
    }

    @Override
    protected boolean canWrite(MediaType mediaType) {
        return false;
    }

    @Override
    protected Booking readInternal(Class<? extends Booking> type, HttpInputMessage input) throws IOException {
        String text = utf8(input.getBody().readAllBytes(), input);
        Booking.Builder booking = Booking.newBuilder();
        long wrong = 0; // a bit per field number whose last value was wrong (see read)
        try (JsonParser json = mapper.createParser(text)) {
            if (json.nextToken() != JsonToken.START_OBJECT) throw unreadable("the body is not a JSON object", input);
            for (String key; (key = json.nextName()) != null; ) {
                JsonToken value = json.nextToken();
                FieldDescriptor field = FIELDS.get(key);
                if (field == null) {
                    json.skipChildren();
                    continue;
                }
                Object read = value == JsonToken.VALUE_NULL ? null : read(json, value, field);
                if (read == WRONG) {
                    wrong |= 1L << field.getNumber();
                    json.skipChildren();
                    continue;
                }
                wrong &= ~(1L << field.getNumber());
                if (read == null) booking.clearField(field);
                else booking.setField(field, read);
            }
            if (json.nextToken() != null) throw unreadable("the body is more than one JSON value", input);
        } catch (JacksonException e) {
            throw unreadable("the body is not JSON", input);
        }
        if (wrong != 0) {
            FieldDescriptor field = Booking.getDescriptor().findFieldByNumber(Long.numberOfTrailingZeros(wrong));
            throw unreadable(field.getName() + " has the wrong JSON type or a lone surrogate", input);
        }
        return booking.build();
    }

    /**
     * A field's value: a string (without a lone surrogate) for a string field, an exact int64 (a number or in a
     * string) for origin_ts.
     */
    private static Object read(JsonParser json, JsonToken value, FieldDescriptor field) {
        if (field.getJavaType() == FieldDescriptor.JavaType.STRING) {
            return value == JsonToken.VALUE_STRING && Utf8.wellFormed(json.getString()) ? json.getString() : WRONG;
        }
        if (value == JsonToken.VALUE_NUMBER_INT) {
            return json.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? WRONG : json.getLongValue();
        }
        if (value != JsonToken.VALUE_STRING
                || !INTEGER.matcher(json.getString()).matches()) return WRONG;
        try {
            return Long.parseLong(json.getString());
        } catch (NumberFormatException outOfRange) {
            return WRONG;
        }
    }

    private static String utf8(byte[] body, HttpInputMessage input) {
        try {
            return Utf8.decode(body);
        } catch (CharacterCodingException e) {
            throw unreadable("the body is not valid UTF-8", input);
        }
    }

    private static HttpMessageNotReadableException unreadable(String message, HttpInputMessage input) {
        return new HttpMessageNotReadableException(message, input);
    }

    @Override
    protected void writeInternal(Booking booking, HttpOutputMessage output) {
        throw new UnsupportedOperationException("bookings are never written as JSON");
    }
}
