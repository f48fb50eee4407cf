package bench.spring5.bookings;

import bench.bookings.proto.Booking;
import bench.contract.Refused;
import bench.contract.bookings.BookingInput;
import bench.spring5.Bodies;
import bench.spring5.HttpError;
import java.util.Map;
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

/**
 * A POST /bookings body as the generated {@link Booking} message (spec/API.md §6.1), read by the server's codecs:
 * Spring's ProtobufDecoder for application/x-protobuf (protobuf-java's rules: unknown fields and mismatched wire
 * types are skipped) and the {@link ProtoJsonDecoder} registered here for application/json, the contract's
 * {@link BookingInput}. Both stop at the codecs' 1 MiB limit (413). A body that does not decode is a 400;
 * validation (422) comes after.
 */
@Component
class BookingBody implements CodecCustomizer {

    static final MediaType PROTOBUF = MediaType.parseMediaType(BookingInput.PROTOBUF);

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

    /** The contract's proto3 JSON mapping as a codec: its 400 becomes the DecodingException WebFlux expects. */
    static final class ProtoJsonDecoder extends AbstractDataBufferDecoder<Booking> {

        ProtoJsonDecoder() {
            super(MediaType.APPLICATION_JSON);
        }

        @Override
        public boolean canDecode(ResolvableType elementType, @Nullable MimeType mimeType) {
            return elementType.toClass() == Booking.class && super.canDecode(elementType, mimeType);
        }

        /** An empty body, which may reach no decode at all, gets the contract's answer to it. */
        @Override
        public Mono<Booking> decodeToMono(
                Publisher<DataBuffer> input,
                ResolvableType elementType,
                @Nullable MimeType mimeType,
                @Nullable Map<String, Object> hints) {
            return super.decodeToMono(input, elementType, mimeType, hints)
                    .switchIfEmpty(Mono.error(() -> new DecodingException("Body must be a JSON object")));
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
            try {
                return BookingInput.json(body);
            } catch (Refused refused) {
                throw new DecodingException(refused.getMessage());
            }
        }
    }
}
