package bench.spring5.bookings;

import bench.bookings.proto.Booking;
import bench.spring5.Bodies;
import bench.spring5.HttpError;
import bench.spring5.Json;
import java.nio.charset.CharacterCodingException;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.springframework.boot.http.codec.CodecCustomizer;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.AbstractDataBufferDecoder;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.http.codec.CodecConfigurer;
import org.springframework.stereotype.Component;
import org.springframework.util.MimeType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A POST /bookings body as the generated {@link Booking} message (spec/API.md §6.1), read by the server's codecs:
 * Spring's ProtobufDecoder for application/x-protobuf (protobuf-java's rules: unknown fields and mismatched wire
 * types are skipped) and the {@link ProtoJsonDecoder} registered here for application/json. Both stop at the
 * codecs' 1 MiB limit (413). A body that does not decode is a 400; validation (422) comes after.
 */
@Component
class BookingInput implements CodecCustomizer {

    static final MediaType PROTOBUF = MediaType.parseMediaType("application/x-protobuf");

    @Override
    public void customize(CodecConfigurer codecs) {
        codecs.customCodecs().registerWithDefaultConfig(new ProtoJsonDecoder());
    }

    /** The body of a request whose Content-Type is {@code type}, {@link #PROTOBUF} or application/json. */
    static Mono<Booking> read(ServerRequest request, MediaType type) {
        Mono<Booking> booking = Bodies.read(request, Booking.class);
        if (PROTOBUF.equalsTypeAndSubtype(type)) {
            // An empty body is a valid empty message, which fails validation with 422.
            return booking.defaultIfEmpty(Booking.getDefaultInstance())
                    .onErrorMap(
                            ServerWebInputException.class,
                            e -> HttpError.badRequest("Body is not a valid Booking message"));
        }
        // The JSON decoder's own message says what is wrong: WebFlux wraps its DecodingException.
        return booking.onErrorMap(
                ServerWebInputException.class,
                e -> HttpError.badRequest(e.getCause().getMessage()));
    }

    /**
     * The proto3 JSON mapping, with JSON types checked strictly: protobuf-java's JsonFormat would accept a number for
     * a string field. lowerCamelCase and snake_case names alike; null means absent; unknown fields are ignored.
     */
    static final class ProtoJsonDecoder extends AbstractDataBufferDecoder<Booking> {

        private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
        private static final Map<String, BiConsumer<Booking.Builder, String>> STRINGS = Map.ofEntries(
                Map.entry("bookingId", Booking.Builder::setBookingId),
                Map.entry("booking_id", Booking.Builder::setBookingId),
                Map.entry("dollarValue", Booking.Builder::setDollarValue),
                Map.entry("dollar_value", Booking.Builder::setDollarValue),
                Map.entry("startDate", Booking.Builder::setStartDate),
                Map.entry("start_date", Booking.Builder::setStartDate),
                Map.entry("endDate", Booking.Builder::setEndDate),
                Map.entry("end_date", Booking.Builder::setEndDate),
                Map.entry("parentId", Booking.Builder::setParentId),
                Map.entry("parent_id", Booking.Builder::setParentId),
                Map.entry("model", Booking.Builder::setModel),
                Map.entry("trim", Booking.Builder::setTrim),
                Map.entry("stage", Booking.Builder::setStage),
                Map.entry("type", Booking.Builder::setType));

        ProtoJsonDecoder() {
            super(MediaType.APPLICATION_JSON);
        }

        @Override
        public boolean canDecode(ResolvableType elementType, @Nullable MimeType mimeType) {
            return elementType.toClass() == Booking.class && super.canDecode(elementType, mimeType);
        }

        /** An empty body holds no JSON value at all. */
        @Override
        public Mono<Booking> decodeToMono(
                Publisher<DataBuffer> input,
                ResolvableType elementType,
                @Nullable MimeType mimeType,
                @Nullable Map<String, Object> hints) {
            return super.decodeToMono(input, elementType, mimeType, hints)
                    .switchIfEmpty(Mono.error(() -> new DecodingException("Body is not one JSON value")));
        }

        @Override
        public Booking decode(
                DataBuffer buffer,
                ResolvableType targetType,
                @Nullable MimeType mimeType,
                @Nullable Map<String, Object> hints) {
            byte[] body = new byte[buffer.readableByteCount()];
            buffer.read(body);
            DataBufferUtils.release(buffer);
            Booking.Builder booking = Booking.newBuilder();
            for (Map.Entry<String, JsonNode> field : object(body).properties()) {
                String name = field.getKey();
                JsonNode value = field.getValue();
                if (value.isNull()) {
                    continue;
                }
                BiConsumer<Booking.Builder, String> setter = STRINGS.get(name);
                if (setter != null) {
                    if (!value.isString() || !Json.isWellFormed(value.stringValue())) {
                        throw new DecodingException(name + " must be a string");
                    }
                    setter.accept(booking, value.stringValue());
                } else if (name.equals("originTs") || name.equals("origin_ts")) {
                    booking.setOriginTs(int64(value, name));
                }
            }
            return booking.build();
        }

        private static JsonNode object(byte[] body) {
            JsonNode json;
            try {
                json = Json.parseOrNull(Json.utf8(body));
            } catch (CharacterCodingException e) {
                throw new DecodingException("Body is not valid UTF-8");
            }
            if (json == null) {
                throw new DecodingException("Body is not one JSON value");
            }
            if (!json.isObject()) {
                throw new DecodingException("Body must be a JSON object");
            }
            return json;
        }

        /** A JSON number or a decimal string, as proto3 JSON writes an int64. */
        private static long int64(JsonNode value, String name) {
            try {
                if (value.isIntegralNumber() && value.canConvertToLong()) {
                    return value.longValue();
                }
                if (value.isString() && INTEGER.matcher(value.stringValue()).matches()) {
                    return Long.parseLong(value.stringValue());
                }
            } catch (NumberFormatException e) {
                // beyond int64: falls through to the 400 below
            }
            throw new DecodingException(name + " must be an integer within int64");
        }
    }
}
