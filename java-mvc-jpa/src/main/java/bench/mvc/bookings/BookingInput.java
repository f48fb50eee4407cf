package bench.mvc.bookings;

import bench.bookings.proto.Booking;
import bench.mvc.Utf8;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
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
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of POST /bookings to a {@link Booking} message, or 400 (spec/API.md §6.1). Both readers are message
 * converter beans, which Boot puts ahead of its defaults: protobuf-java's own for {@code application/x-protobuf}
 * (only that: its JSON support would coerce types), and this one for {@code application/json}. Here
 * protobuf-java's {@link JsonFormat} does the proto3 JSON mapping once the JSON types are checked, because
 * JsonFormat accepts a number or a one-element array for a string field where the contract wants a 400.
 */
@Component
class BookingInput extends AbstractHttpMessageConverter<Booking> {

    private static final Map<String, String> STRINGS = Map.ofEntries(
            Map.entry("bookingId", "booking_id"),
            Map.entry("dollarValue", "dollar_value"),
            Map.entry("startDate", "start_date"),
            Map.entry("endDate", "end_date"),
            Map.entry("parentId", "parent_id"),
            Map.entry("model", "model"),
            Map.entry("trim", "trim"),
            Map.entry("stage", "stage"),
            Map.entry("type", "type"));
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private final JsonMapper mapper = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private final JsonFormat.Parser parser = JsonFormat.parser().ignoringUnknownFields();

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
        try {
            JsonNode tree = mapper.readTree(text);
            if (tree == null || !tree.isObject()) throw unreadable("the body is not a JSON object", input);
            STRINGS.forEach((camel, snake) -> {
                for (String name : new String[] {camel, snake}) {
                    JsonNode field = tree.get(name);
                    if (field != null && !field.isNull() && !field.isString())
                        throw unreadable(name + " must be a string", input);
                }
            });
            for (String name : new String[] {"originTs", "origin_ts"}) {
                JsonNode field = tree.get(name);
                if (field != null && !field.isNull() && !isInt64(field))
                    throw unreadable(name + " must be an int64", input);
            }
            Booking.Builder builder = Booking.newBuilder();
            parser.merge(text, builder);
            return builder.build();
        } catch (JacksonException | com.google.protobuf.InvalidProtocolBufferException e) {
            throw unreadable("the body is not a Booking in JSON", input);
        }
    }

    private static boolean isInt64(JsonNode node) {
        if (node.isIntegralNumber()) return node.canConvertToLong();
        if (!node.isString() || !INTEGER.matcher(node.stringValue()).matches()) return false;
        BigInteger value = new BigInteger(node.stringValue());
        return value.compareTo(MIN) >= 0 && value.compareTo(MAX) <= 0;
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
