package bench.spring5.bookings;

import bench.bookings.proto.Booking;
import bench.spring5.Bodies;
import bench.spring5.HttpError;
import bench.spring5.Json;
import java.nio.charset.CharacterCodingException;
import java.util.HashMap;
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
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

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
     * a string field. lowerCamelCase and snake_case names alike; null means absent; unknown fields are ignored. A
     * field given more than once, under either of its names, takes the last value, and only that one is checked: the
     * body is walked once, in order, keeping each field's last value or what is wrong with it.
     */
    static final class ProtoJsonDecoder extends AbstractDataBufferDecoder<Booking> {

        private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

        /** Each field of {@link Booking} by both its JSON names; origin_ts, the one integer, has no string setter. */
        private enum Field {
            BOOKING_ID("bookingId", "booking_id", Booking.Builder::setBookingId),
            DOLLAR_VALUE("dollarValue", "dollar_value", Booking.Builder::setDollarValue),
            START_DATE("startDate", "start_date", Booking.Builder::setStartDate),
            END_DATE("endDate", "end_date", Booking.Builder::setEndDate),
            ORIGIN_TS("originTs", "origin_ts", null),
            PARENT_ID("parentId", "parent_id", Booking.Builder::setParentId),
            MODEL("model", "model", Booking.Builder::setModel),
            TRIM("trim", "trim", Booking.Builder::setTrim),
            STAGE("stage", "stage", Booking.Builder::setStage),
            TYPE("type", "type", Booking.Builder::setType);

            private static final Map<String, Field> BY_NAME = new HashMap<>();

            static {
                for (Field field : values()) {
                    BY_NAME.put(field.camelCase, field);
                    BY_NAME.put(field.snakeCase, field);
                }
            }

            private final String camelCase;
            private final String snakeCase;
            private final @Nullable BiConsumer<Booking.Builder, String> setter;

            Field(String camelCase, String snakeCase, @Nullable BiConsumer<Booking.Builder, String> setter) {
                this.camelCase = camelCase;
                this.snakeCase = snakeCase;
                this.setter = setter;
            }
        }

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
            // Each field's last value: a String (a Long for origin_ts), null for null, or the DecodingException that
            // value is, thrown only if no later value replaces it.
            Object[] last = new Object[Field.values().length];
            try (JsonParser json = Json.parser(text(body))) {
                JsonToken root = json.nextToken();
                if (root == null) {
                    throw new DecodingException("Body is not one JSON value");
                }
                if (root != JsonToken.START_OBJECT) {
                    throw new DecodingException("Body must be a JSON object");
                }
                for (String name = json.nextName(); name != null; name = json.nextName()) {
                    JsonToken value = json.nextToken();
                    Field field = Field.BY_NAME.get(name);
                    if (field == null) {
                        json.skipChildren();
                    } else if (value == JsonToken.VALUE_NULL) {
                        last[field.ordinal()] = null;
                    } else {
                        last[field.ordinal()] = field == Field.ORIGIN_TS ? int64(json, name) : string(json, name);
                    }
                }
                if (json.nextToken() != null) {
                    throw new DecodingException("Body is not one JSON value");
                }
            } catch (JacksonException e) {
                throw new DecodingException("Body is not one JSON value");
            }
            Booking.Builder booking = Booking.newBuilder();
            for (Field field : Field.values()) {
                Object value = last[field.ordinal()];
                if (value instanceof DecodingException wrong) {
                    throw wrong;
                } else if (value instanceof Long originTs) {
                    booking.setOriginTs(originTs);
                } else if (value instanceof String string) {
                    field.setter.accept(booking, string);
                }
            }
            return booking.build();
        }

        private static String text(byte[] body) {
            try {
                return Json.utf8(body);
            } catch (CharacterCodingException e) {
                throw new DecodingException("Body is not valid UTF-8");
            }
        }

        private static Object string(JsonParser json, String name) {
            if (json.currentToken() == JsonToken.VALUE_STRING) {
                String value = json.getString();
                if (Json.isWellFormed(value)) {
                    return value;
                }
            }
            json.skipChildren();
            return new DecodingException(name + " must be a string");
        }

        /**
         * A JSON number or a decimal string, as proto3 JSON writes an int64, read exactly: digits with an optional
         * '-', no fraction, exponent, '+' or whitespace, within int64.
         */
        private static Object int64(JsonParser json, String name) {
            JsonToken token = json.currentToken();
            if (token == JsonToken.VALUE_NUMBER_INT
                    || token == JsonToken.VALUE_STRING
                            && INTEGER.matcher(json.getString()).matches()) {
                try {
                    return Long.parseLong(json.getString());
                } catch (NumberFormatException e) {
                    // beyond int64: falls through to the 400 below
                }
            }
            json.skipChildren();
            return new DecodingException(name + " must be an integer within int64");
        }
    }
}
