package bench.spring5.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.bookings.proto.Booking;
import bench.contract.Refused;
import bench.contract.bookings.BookingRules;
import bench.spring5.Bodies;
import bench.spring5.Fixtures;
import bench.spring5.HttpError;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.codec.HttpMessageReader;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Flux;

/** Bodies read as the server reads them: its codecs, with the 1 MiB limit and the JSON decoder BookingBody adds. */
class BookingBodyTest {

    private static final List<HttpMessageReader<?>> READERS = readers();

    private static List<HttpMessageReader<?>> readers() {
        ServerCodecConfigurer codecs = ServerCodecConfigurer.create();
        codecs.defaultCodecs().maxInMemorySize((int) Bodies.LIMIT);
        new BookingBody().customize(codecs);
        return codecs.getReaders();
    }

    /** Sent chunked, as no Content-Length is set: only the codecs' limit applies. */
    static Booking read(MediaType type, byte[] body) {
        MockServerHttpRequest request = MockServerHttpRequest.post("/bookings")
                .contentType(type)
                .body(Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(body)));
        return BookingBody.read(ServerRequest.create(MockServerWebExchange.from(request), READERS), type)
                .block();
    }

    static Booking json(String text) {
        return read(MediaType.APPLICATION_JSON, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String badRequest(MediaType type, byte[] body) {
        try {
            read(type, body);
            return "decoded";
        } catch (HttpError e) {
            assertThat(e.status().value()).isEqualTo(400);
            return e.getMessage();
        }
    }

    private static String badJson(String text) {
        return badRequest(MediaType.APPLICATION_JSON, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void acceptsCamelAndSnakeNamesAndOriginTsAsNumberOrString() {
        Booking camel = json("{\"bookingId\":\"B\",\"originTs\":\"1700000000000\",\"parentId\":\"P\"}");
        Booking snake = json("{\"booking_id\":\"B\",\"origin_ts\":1700000000000,\"parent_id\":\"P\",\"extra\":[1]}");
        assertThat(snake).isEqualTo(camel);
        assertThat(camel.hasParentId()).isTrue();
        assertThat(read(
                                MediaType.parseMediaType("application/json; charset=utf-8"),
                                "{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8))
                        .getModel())
                .isEqualTo("m");
    }

    @Test
    void nullMeansAbsent() {
        Booking booking = json("{\"bookingId\":null,\"stage\":null,\"originTs\":null}");
        assertThat(booking.getBookingId()).isEmpty();
        assertThat(booking.hasStage()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "null",
                "[]",
                "\"x\"",
                "{\"model\":42}",
                "{\"trim\":true}",
                "{\"stage\":{}}",
                "{\"bookingId\":[\"x\"]}",
                "{\"originTs\":\"soon\"}",
                "{\"originTs\":1.5}",
                "{\"originTs\":true}",
                "{\"originTs\":\"99999999999999999999\"}",
                "{\"originTs\":99999999999999999999}",
                "{",
                "{} {}"
            })
    void refusesWhatIsNotABookingWith400(String body) {
        assertThat(badJson(body)).isNotEqualTo("decoded");
    }

    @Test
    void theJsonErrorSaysWhatIsWrong() {
        assertThat(badJson("")).isEqualTo("Body must be a JSON object");
        assertThat(badJson("[]")).isEqualTo("Body must be a JSON object");
        assertThat(badJson("{\"model\":42}")).isEqualTo("model must be a string");
        assertThat(badJson("{\"origin_ts\":1.5}")).isEqualTo("originTs must be an integer within int64");
        assertThat(badRequest(MediaType.APPLICATION_JSON, new byte[] {'{', '"', (byte) 0xc0, (byte) 0xaf, '"'}))
                .isEqualTo("Body is not valid UTF-8");
    }

    @Test
    void aFieldGivenTwiceUnderEitherNameTakesTheLastValue() {
        assertThat(json("{\"bookingId\":\"A\",\"booking_id\":\"B\",\"bookingId\":\"C\"}")
                        .getBookingId())
                .isEqualTo("C");
        assertThat(json("{\"bookingId\":5,\"bookingId\":\"C\"}").getBookingId()).isEqualTo("C");
        assertThat(json("{\"stage\":\"S\",\"stage\":null}").hasStage()).isFalse();
        assertThat(json("{\"originTs\":1.5,\"origin_ts\":\"7\"}").getOriginTs()).isEqualTo(7);
        assertThat(badJson("{\"model\":\"m\",\"model\":[\"m\"]}")).isEqualTo("model must be a string");
        assertThat(badJson("{\"origin_ts\":\"7\",\"originTs\":\"1e3\"}"))
                .isEqualTo("originTs must be an integer within int64");
    }

    /**
     * spec/fixtures/bookings/json-spellings.json up to the transaction: 400 from the decoder, 422 from the rules,
     * and what passes both would be booked (201).
     */
    @Test
    void theContractsJsonSpellings() {
        List<String> wrong = new ArrayList<>();
        Fixtures.json("bookings/json-spellings.json").forEach(c -> {
            String got;
            try {
                BookingRules.validate(json(c.get("body").asString()));
                got = "201";
            } catch (HttpError e) {
                got = Integer.toString(e.status().value());
            } catch (Refused e) {
                got = e.status() + " " + e.getMessage();
            }
            String expected = c.get("status").asInt()
                    + (c.has("error") ? " " + c.get("error").asString() : "");
            if (!got.equals(expected)) {
                wrong.add(c.get("name").asString() + ": " + got + ", not " + expected);
            }
        });
        assertThat(wrong).isEmpty();
    }

    @Test
    void protobufFollowsProtobufJava() {
        Booking booking = Booking.newBuilder()
                .setBookingId("B")
                .setOriginTs(5)
                .setStage("")
                .build();
        assertThat(read(BookingBody.PROTOBUF, booking.toByteArray())).isEqualTo(booking);
        assertThat(read(BookingBody.PROTOBUF, new byte[0])).isEqualTo(Booking.getDefaultInstance());
        for (byte[] body : new byte[][] {{0x0a, 0x05, 'a'}, {0x0e}, {0x4a, 0x02, (byte) 0xff, 'a'}}) {
            assertThat(badRequest(BookingBody.PROTOBUF, body)).isEqualTo("Body is not a valid Booking message");
        }
    }

    @Test
    void bodiesAreLimitedToOneMebibyteEvenWithoutContentLength() {
        byte[] padded = new byte[(int) Bodies.LIMIT];
        padded[0] = 0x7a; // unknown field 15, length-delimited: the rest of the body
        int length = padded.length - 4;
        padded[1] = (byte) (0x80 | (length & 0x7f));
        padded[2] = (byte) (0x80 | ((length >> 7) & 0x7f));
        padded[3] = (byte) (length >> 14);
        assertThat(read(BookingBody.PROTOBUF, padded).getUnknownFields().hasField(15))
                .isTrue();
        assertThatThrownBy(() -> read(BookingBody.PROTOBUF, new byte[(int) Bodies.LIMIT + 1]))
                .isInstanceOf(DataBufferLimitException.class);
        byte[] json = new byte[(int) Bodies.LIMIT];
        Arrays.fill(json, (byte) ' ');
        System.arraycopy("{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8), 0, json, 0, 13);
        assertThat(read(MediaType.APPLICATION_JSON, json).getModel()).isEqualTo("m");
        byte[] spaces = new byte[(int) Bodies.LIMIT + 1];
        Arrays.fill(spaces, (byte) ' ');
        assertThatThrownBy(() -> read(MediaType.APPLICATION_JSON, spaces)).isInstanceOf(DataBufferLimitException.class);
    }
}
