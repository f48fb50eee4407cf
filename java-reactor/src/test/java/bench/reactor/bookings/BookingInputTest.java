package bench.reactor.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.bookings.proto.Booking;
import bench.reactor.HttpError;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BookingInputTest {

    @Test
    void readsProto3JsonInBothNamingsAndInt64AsNumberOrString() {
        Booking camel = BookingInput.decode(
                BookingInput.JSON,
                "{\"bookingId\":\"B-1\",\"originTs\":\"1700000000000\",\"stage\":\"\"}"
                        .getBytes(StandardCharsets.UTF_8));
        Booking snake = BookingInput.decode(
                BookingInput.JSON,
                "{\"booking_id\":\"B-1\",\"origin_ts\":1700000000000,\"stage\":\"\",\"type\":null}"
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals(camel, snake);
        assertEquals(true, snake.hasStage());
        assertEquals(false, snake.hasType());
    }

    @Test
    void wrongJsonTypesAre400() {
        for (String body : new String[] {
            "null",
            "[]",
            "\"x\"",
            "{\"model\":42}",
            "{\"model\":[\"a\"]}",
            "{\"dollarValue\":{}}",
            "{\"originTs\":1.5}",
            "{\"originTs\":true}",
            "{\"originTs\":\"soon\"}",
            "{\"originTs\":\"99999999999999999999\"}",
            "{"
        }) {
            HttpError error = assertThrows(
                    HttpError.class,
                    () -> BookingInput.decode(BookingInput.JSON, body.getBytes(StandardCharsets.UTF_8)),
                    body);
            assertEquals(400, error.status().code(), body);
        }
    }

    @Test
    void undecodableProtobufIs400AndEmptyIsTheDefaultMessage() {
        HttpError error = assertThrows(
                HttpError.class,
                () -> BookingInput.decode(BookingInput.PROTOBUF, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}));
        assertEquals(400, error.status().code());
        assertEquals(Booking.getDefaultInstance(), BookingInput.decode(BookingInput.PROTOBUF, new byte[0]));
    }
}
