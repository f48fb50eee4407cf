package bench.vertx.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.bookings.proto.Booking;
import bench.vertx.Bodies;
import bench.vertx.HttpError;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BookingInputTest {
    private static Booking json(String text) {
        return BookingInput.decode(Bodies.JSON, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void snakeCaseNamesIntegerStringsAndNullAsAbsent() {
        Booking booking = json("""
        {"booking_id":"B-1","origin_ts":"-5","parentId":null,"model":"M","unknown":{"x":[1]}}""");
        assertEquals("B-1", booking.getBookingId());
        assertEquals(-5, booking.getOriginTs());
        assertFalse(booking.hasParentId());
        assertEquals("M", booking.getModel());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "[]",
                "null",
                "\"booking\"",
                "{\"model\":42}",
                "{\"model\":[\"M\"]}",
                "{\"dollarValue\":{}}",
                "{\"originTs\":1.5}",
                "{\"originTs\":true}",
                "{\"originTs\":\"soon\"}",
                "{\"originTs\":\"99999999999999999999\"}",
                "{\"model\":\"M\"} trailing"
            })
    void wrongJsonIsBadRequest(String body) {
        HttpError error = assertThrows(HttpError.class, () -> json(body));
        assertEquals(400, error.status(), body);
    }

    @Test
    void protobufFollowsProtobufJava() {
        byte[] valid =
                Booking.newBuilder().setBookingId("B-1").setStage("").build().toByteArray();
        Booking decoded = BookingInput.decode(Bodies.PROTOBUF, valid);
        assertTrue(decoded.hasStage());
        assertEquals(Booking.getDefaultInstance(), BookingInput.decode(Bodies.PROTOBUF, new byte[0]));
        for (byte[] garbage :
                new byte[][] {{(byte) 0xff, (byte) 0xff, (byte) 0xff}, {0x0f, 0x00}, {0x4a, 0x02, (byte) 0xff, 0x61}}) {
            assertEquals(
                    400,
                    assertThrows(HttpError.class, () -> BookingInput.decode(Bodies.PROTOBUF, garbage))
                            .status());
        }
    }
}
