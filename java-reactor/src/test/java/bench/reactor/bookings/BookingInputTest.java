package bench.reactor.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.bookings.proto.Booking;
import bench.reactor.Fixtures;
import bench.reactor.HttpError;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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

    static Stream<JsonNode> spellings() {
        return StreamSupport.stream(
                Fixtures.json("bookings/json-spellings.json").spliterator(), false);
    }

    /** spec/fixtures/bookings/json-spellings.json: 400 here, or the 422 or 201 that BookingRules then gives. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("spellings")
    void answersEverySpellingFixture(JsonNode fixture) {
        byte[] body = fixture.get("body").asText().getBytes(StandardCharsets.UTF_8);
        String answer;
        try {
            BookingRules.validate(BookingInput.decode(BookingInput.JSON, body));
            answer = "201";
        } catch (HttpError e) {
            answer = e.status().code() == 422
                    ? "422 " + e.getMessage()
                    : Integer.toString(e.status().code());
        }
        String error = fixture.has("error") ? " " + fixture.get("error").asText() : "";
        assertEquals(fixture.get("status").asText() + error, answer);
    }

    @Test
    void theLastValueGivenWinsUnderEitherName() {
        Booking booking = BookingInput.decode(
                BookingInput.JSON,
                ("{\"booking_id\":\"a\",\"bookingId\":\"b\",\"booking_id\":\"c\",\"model\":\"m\",\"model\":null,"
                                + "\"trim\":1,\"trim\":\"t\",\"stage\":\"s\",\"stage\":null,\"origin_ts\":1.5,\"originTs\":\"7\"}")
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals("c", booking.getBookingId());
        assertEquals("", booking.getModel());
        assertEquals("t", booking.getTrim());
        assertEquals(false, booking.hasStage());
        assertEquals(7, booking.getOriginTs());
        HttpError error = assertThrows(
                HttpError.class,
                () -> BookingInput.decode(
                        BookingInput.JSON, "{\"model\":\"m\",\"model\":[]}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(400, error.status().code());
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
            "{\"originTs\":9223372036854775808}",
            "{\"originTs\":1e3}",
            "{\"originTs\":\"+5\"}",
            "{\"originTs\":\" 1\"}",
            "{} {}",
            "",
            "{"
        }) {
            HttpError error = assertThrows(
                    HttpError.class,
                    () -> BookingInput.decode(BookingInput.JSON, body.getBytes(StandardCharsets.UTF_8)),
                    body);
            assertEquals(400, error.status().code(), body);
        }
    }

    /** spec/API.md §6.1: Jackson decodes an escaped lone surrogate as it is; only a field's last value counts. */
    @Test
    void aLoneSurrogateInTheLastValueOfAStringFieldIs400() {
        for (String body : new String[] {
            "{\"parentId\":\"%\\udc1e\"}",
            "{\"booking_id\":\"J\\ud800\",\"dollarValue\":\"\"}",
            "{\"model\":\"\\ude42\\ud83d\"}",
            "{\"trim\":\"ok\",\"trim\":\"\\ud800x\"}"
        }) {
            HttpError error = assertThrows(
                    HttpError.class,
                    () -> BookingInput.decode(BookingInput.JSON, body.getBytes(StandardCharsets.UTF_8)),
                    body);
            assertEquals(400, error.status().code(), body);
        }
        Booking booking = BookingInput.decode(
                BookingInput.JSON,
                "{\"model\":\"\\ud800\",\"model\":\"\\ud83d\\ude42\",\"x\":\"\\ud800\"}"
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals("\ud83d\ude42", booking.getModel());
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
