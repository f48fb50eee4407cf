package bench.contract.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.bookings.proto.Booking;
import bench.contract.Refused;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BookingInputTest {
    private static Booking json(String text) {
        return BookingInput.decode(BookingInput.JSON, text.getBytes(StandardCharsets.UTF_8));
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
                "{\"originTs\":9223372036854775808}",
                "{\"originTs\":\"-9223372036854775809\"}",
                "{\"originTs\":1e3}",
                "{\"originTs\":1.0}",
                "{\"originTs\":\"+5\"}",
                "{\"originTs\":\" 1\"}",
                "\ufeff{\"model\":\"M\"}",
                "{\"model\":\"M\"} trailing",
                "{\"model\":\"M\"",
                "{'model':'M'}",
                "{\"parentId\":\"%\\udc1e\"}",
                "{\"bookingId\":\"J\\ud800\",\"dollarValue\":\"\"}",
                "{\"model\":\"\\udc00\\ud800\"}",
                "{\"trim\":\"ok\",\"trim\":\"\\ud800x\"}",
                "{\"trim\":true}",
                "{\"stage\":{}}",
                "{\"originTs\":99999999999999999999}",
                "{} {}",
                "{\"bookingId\":\"x\"} 1",
                "\ufeff{}",
                "{"
            })
    void wrongJsonIsBadRequest(String body) {
        Refused error = assertThrows(Refused.class, () -> json(body));
        assertEquals(400, error.status(), body);
    }

    @Test
    void bytesThatAreNotUtf8AreBadRequest() {
        for (byte[] body : new byte[][] {
            {'{', '"', 'm', '"', ':', '"', (byte) 0xff, '"', '}'},
            {'{', '"', 'm', '"', ':', '"', (byte) 0xc0, (byte) 0xaf, '"', '}'}, // overlong '/'
            {'{', '"', 'm', '"', ':', '"', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '"', '}'}, // an encoded surrogate
            {'{', '"', 'm', '"', ':', '"', (byte) 0xe2, (byte) 0x82, '"', '}'} // truncated
        }) {
            Refused error = assertThrows(Refused.class, () -> BookingInput.decode(BookingInput.JSON, body));
            assertEquals(400, error.status());
        }
    }

    @Test
    void bothNamingsGiveTheSameMessage() {
        Booking camel = json("{\"bookingId\":\"B-1\",\"originTs\":\"1700000000000\",\"stage\":\"\"}");
        Booking snake = json("{\"booking_id\":\"B-1\",\"origin_ts\":1700000000000,\"stage\":\"\",\"type\":null}");
        assertEquals(camel, snake);
        assertTrue(snake.hasStage());
        assertFalse(snake.hasType());
    }

    /** A field given twice, under one name or both: the last value wins, and only it is type-checked. */
    @Test
    void lastValueGivenWinsAcrossBothNames() {
        assertEquals("", json("{\"bookingId\":\"B\",\"booking_id\":\"\"}").getBookingId());
        assertEquals("B", json("{\"booking_id\":\"\",\"bookingId\":\"B\"}").getBookingId());
        assertEquals(
                "B",
                json("{\"bookingId\":\"A\",\"booking_id\":\"\",\"bookingId\":\"B\"}")
                        .getBookingId());
        assertEquals("B", json("{\"bookingId\":5,\"bookingId\":\"B\"}").getBookingId());
        assertEquals(
                "B", json("{\"bookingId\":\"\\ud800\",\"bookingId\":\"B\"}").getBookingId());
        assertEquals("\ud83d\ude00", json("{\"model\":\"\\ud83d\\ude00\"}").getModel(), "a pair is no lone surrogate");
        assertEquals(7, json("{\"originTs\":1.5,\"origin_ts\":\"007\"}").getOriginTs());
        assertFalse(json("{\"parentId\":\"P\",\"parent_id\":null}").hasParentId());
        Booking many = json(
                "{\"booking_id\":\"a\",\"bookingId\":\"b\",\"booking_id\":\"c\",\"model\":\"m\",\"model\":null,"
                        + "\"trim\":1,\"trim\":\"t\",\"stage\":\"s\",\"stage\":null,\"origin_ts\":1.5,\"originTs\":\"7\"}");
        assertEquals("c", many.getBookingId());
        assertEquals("", many.getModel());
        assertEquals("t", many.getTrim());
        assertFalse(many.hasStage());
        assertEquals(7, many.getOriginTs());
        assertEquals(
                "\ud83d\ude42",
                json("{\"model\":\"\\ud800\",\"model\":\"\\ud83d\\ude42\",\"x\":\"\\ud800\"}")
                        .getModel(),
                "a lone surrogate in a value replaced later, or in an unknown field, is no error");
        assertEquals(
                400,
                assertThrows(Refused.class, () -> json("{\"model\":\"M\",\"model\":1}"))
                        .status());
    }

    /** spec/fixtures/bookings/json-spellings.json: the 400s here, the rest decode (and meet BookingRules later). */
    @Test
    void everyJsonSpellingFixture() {
        for (JsonNode fixture : Fixtures.json("bookings/json-spellings.json")) {
            String name = fixture.get("name").asText();
            String body = fixture.get("body").asText();
            if (fixture.get("status").asInt() == 400) {
                assertEquals(
                        400, assertThrows(Refused.class, () -> json(body), name).status(), name);
            } else {
                json(body);
            }
        }
    }

    @Test
    void protobufFollowsProtobufJava() {
        byte[] valid =
                Booking.newBuilder().setBookingId("B-1").setStage("").build().toByteArray();
        Booking decoded = BookingInput.decode(BookingInput.PROTOBUF, valid);
        assertTrue(decoded.hasStage());
        assertEquals(Booking.getDefaultInstance(), BookingInput.decode(BookingInput.PROTOBUF, new byte[0]));
        byte[] unknownAndForeignWireType = {0x7a, 0x03, 'a', 'b', 'c', 0x08, 0x05};
        assertEquals(
                Map.of(),
                BookingInput.decode(BookingInput.PROTOBUF, unknownAndForeignWireType)
                        .getAllFields());
        for (byte[] garbage : new byte[][] {
            {(byte) 0xff, (byte) 0xff, (byte) 0xff},
            {0x0f, 0x00},
            {0x7e, 0x00},
            {0x28, (byte) 0xff},
            {0x4a, 0x02, (byte) 0xff, 0x61}
        }) {
            assertEquals(
                    400,
                    assertThrows(Refused.class, () -> BookingInput.decode(BookingInput.PROTOBUF, garbage))
                            .status());
        }
    }
}
