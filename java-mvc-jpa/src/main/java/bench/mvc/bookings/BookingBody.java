package bench.mvc.bookings;

import bench.bookings.proto.Booking;
import bench.contract.Refused;
import bench.contract.bookings.BookingInput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.protobuf.ProtobufHttpMessageConverter;
import org.springframework.stereotype.Component;

/**
 * The body of POST /bookings to a {@link Booking} message, or 400 (spec/API.md §6.1). Both readers are message
 * converter beans, which Boot puts ahead of its defaults: protobuf-java's own for {@code application/x-protobuf}
 * (only that: its JSON support would coerce types), and this one for {@code application/json}, the contract's
 * {@link BookingInput}.
 */
@Component
class BookingBody extends AbstractHttpMessageConverter<Booking> {

    BookingBody() {
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
        try {
            return BookingInput.json(input.getBody().readAllBytes());
        } catch (Refused refused) {
            throw new HttpMessageNotReadableException(refused.getMessage(), input);
        }
    }

    @Override
    protected void writeInternal(Booking booking, HttpOutputMessage output) {
        throw new UnsupportedOperationException("bookings are never written as JSON");
    }
}
