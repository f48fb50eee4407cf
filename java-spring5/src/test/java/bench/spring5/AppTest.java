package bench.spring5;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.socket.client.ReactorNettyWebSocketClient;
import reactor.blockhound.BlockHound;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The whole application on a random port, with BlockHound failing any blocking call made on an event loop:
 * every workload once, the database (MariaDB from `make db-up`) and static tree (`make fixtures`) included.
 */
class AppTest {

    private static ConfigurableApplicationContext context;
    private static WebTestClient http;
    private static int port;

    @BeforeAll
    static void start() {
        BlockHound.install();
        SpringApplication app = new SpringApplication(App.class);
        app.setDefaultProperties(Map.of("server.port", "0"));
        context = app.run("--server.port=0");
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
        http = WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .responseTimeout(Duration.ofSeconds(10))
                .build();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    @Test
    void hello() {
        http.get()
                .uri("/hello")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .exists("Date")
                .expectBody(String.class)
                .isEqualTo("Hello, World!");
        http.head()
                .uri("/hello")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentLength(13)
                .expectBody()
                .isEmpty();
    }

    @Test
    void health() {
        http.get()
                .uri("/health")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .isEqualTo("{\"status\":\"UP\"}");
    }

    @Test
    void unknownRoutesAndWrongMethodsAnswerWithTheErrorBody() {
        http.get()
                .uri("/nope")
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody(String.class)
                .isEqualTo("{\"error\":\"Not found\"}");
        http.put()
                .uri("/event")
                .exchange()
                .expectStatus()
                .isEqualTo(HttpStatus.METHOD_NOT_ALLOWED)
                .expectHeader()
                .valueEquals("Allow", "POST");
    }

    @Test
    void staticRangeFromTheTree() {
        http.get()
                .uri("/static/hello.txt")
                .header("Range", "bytes=0-4")
                .exchange()
                .expectStatus()
                .isEqualTo(HttpStatus.PARTIAL_CONTENT)
                .expectHeader()
                .valueEquals("Content-Length", "5")
                .expectHeader()
                .exists("Last-Modified")
                .expectBody()
                .consumeWith(body -> assertThat(body.getResponseBody()).hasSize(5));
        http.get().uri("/static/sub/").exchange().expectStatus().isNotFound();
    }

    @Test
    void eventEcho() {
        http.post()
                .uri("/event")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(
                        "{\"teams\":[{\"stadium\":{\"name\":\"S\"},\"country\":\"C\",\"name\":\"N\",\"x\":1}],\"eventName\":\"E\"}")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .isEqualTo(
                        "{\"eventName\":\"E\",\"teams\":[{\"name\":\"N\",\"country\":\"C\",\"stadium\":{\"name\":\"S\"}}]}");
        http.post()
                .uri("/event")
                .contentType(MediaType.TEXT_PLAIN)
                .bodyValue("{}")
                .exchange()
                .expectStatus()
                .isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    }

    @Test
    void bookingThenAggregates() {
        String model = "unit-" + UUID.randomUUID();
        http.post()
                .uri("/bookings")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"bookingId\":\"U-1\",\"dollarValue\":\"300.00\",\"startDate\":\"2022-06-01\","
                        + "\"endDate\":\"2022-07-31\",\"originTs\":\"1700000000000\",\"model\":\"" + model
                        + "\",\"trim\":\"LE\"}")
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody()
                .jsonPath("$.allocations[0].amount")
                .isEqualTo("147.54")
                .jsonPath("$.allocations[1].amount")
                .isEqualTo("152.46");
        http.get()
                .uri(b -> b.path("/aggregates").queryParam("model", model).build())
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.length()")
                .isEqualTo(2)
                .jsonPath("$[1].totalDollarAmount")
                .isEqualTo("152.46");
    }

    /**
     * spec/fixtures/bookings/overflow.json, each case under a fresh model: the step that takes a total past
     * DECIMAL(19,2) gets 409 and leaves neither its booking nor any aggregate behind.
     */
    @Test
    void aTotalPastDecimal19x2IsAConflictThatWritesNothing() {
        for (JsonNode overflow : Fixtures.json("bookings/overflow.json")) {
            String model = "unit-" + UUID.randomUUID();
            for (JsonNode step : overflow.get("steps")) {
                String before = written(model);
                var response = http.post()
                        .uri("/bookings")
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(((ObjectNode) step.get("booking"))
                                .put("model", model)
                                .toString())
                        .exchange()
                        .expectStatus()
                        .isEqualTo(step.get("status").asInt());
                if (step.has("error")) {
                    response.expectBody(String.class)
                            .isEqualTo(
                                    "{\"error\":" + Json.quote(step.get("error").asString()) + "}");
                    assertThat(written(model))
                            .as(overflow.get("name").asString())
                            .isEqualTo(before);
                }
            }
        }
    }

    /** The model's bookings and aggregates rows, as text. */
    private static String written(String model) {
        DatabaseClient db = context.getBean(DatabaseClient.class);
        return db.sql("SELECT (SELECT COUNT(*) FROM bookings WHERE model = :model) AS bookings,"
                        + " (SELECT GROUP_CONCAT(fiscal_period_id, '=', total_dollar_amount, '@', version"
                        + " ORDER BY fiscal_period_id) FROM aggregates WHERE model = :model) AS aggregates")
                .bind("model", model)
                .map(row -> row.get("bookings", Long.class) + " bookings, " + row.get("aggregates", String.class))
                .one()
                .block(Duration.ofSeconds(10));
    }

    /** Through the server's codecs: Boot's 1 MiB limit reaches the ProtobufDecoder, and the JSON decoder is registered. */
    @Test
    void bookingBodiesAreReadByTheServersCodecs() {
        MediaType protobuf = MediaType.parseMediaType("application/x-protobuf");
        http.post()
                .uri("/bookings")
                .contentType(protobuf)
                .bodyValue(new byte[] {0x0e})
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody(String.class)
                .isEqualTo("{\"error\":\"Body is not a valid Booking message\"}");
        http.post()
                .uri("/bookings")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"model\":42}")
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody(String.class)
                .isEqualTo("{\"error\":\"model must be a string\"}");
        http.post()
                .uri("/bookings")
                .contentType(protobuf)
                .bodyValue(new byte[0])
                .exchange()
                .expectStatus()
                .isEqualTo(HttpStatus.UNPROCESSABLE_CONTENT);
        Flux<DataBuffer> chunked = Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(new byte[1024 * 1024 + 1]));
        http.post()
                .uri("/bookings")
                .contentType(protobuf)
                .body(chunked, DataBuffer.class)
                .exchange()
                .expectStatus()
                .isEqualTo(HttpStatus.CONTENT_TOO_LARGE);
    }

    @Test
    void chatRelaysTheExactTextToTheRoom() {
        String name = "unit-" + UUID.randomUUID();
        String message = "{\"name\":\"" + name + "\",\"chat\":\"r\",\"message\":\"hi\",  \"extra\":true}";
        List<String> received = new CopyOnWriteArrayList<>();
        new ReactorNettyWebSocketClient()
                .execute(
                        URI.create("ws://127.0.0.1:" + port + "/chat"),
                        session -> session.send(Flux.just(
                                        session.textMessage("{\"name\":\"" + name + "\",\"chat\":\"r\"}"),
                                        session.textMessage(message)))
                                .thenMany(session.receive()
                                        .map(m -> m.getPayloadAsText())
                                        .doOnNext(received::add)
                                        .take(1))
                                .then(session.close()))
                .block(Duration.ofSeconds(10));
        assertThat(received).containsExactly(message);
    }

    @Test
    void aViolationsCloseWinsOverAnOversizedFrameAlreadyOnTheWire() throws IOException {
        List<String> received =
                chatWith(text("{\"name\":\"unit-" + UUID.randomUUID() + "\",\"chat\":7}"), text("x".repeat(70_000)));
        assertThat(received).hasSize(2);
        assertThat(received.get(0)).startsWith("{\"type\":\"system\"");
        assertThat(received.get(1)).isEqualTo("close 1008");
    }

    @Test
    void aBinaryFirstFrameClosesWith1003WhateverFollows() throws IOException {
        String name = "unit-" + UUID.randomUUID();
        List<String> received = chatWith(
                frame(0x2, ("{\"name\":\"" + name + "\",\"chat\":\"r\"}").getBytes(UTF_8)),
                text("{\"name\":\"" + name + "\",\"chat\":\"r\",\"message\":\"hi\"}"),
                text("x".repeat(70_000)),
                frame(0x2, new byte[] {1, 2, 3}));
        assertThat(received).containsExactly("close 1003");
    }

    @Test
    void framesAreDealtWithInOrderUntilTheFirstViolation() throws IOException {
        String name = "unit-" + UUID.randomUUID();
        String message = "{\"name\":\"" + name + "\",\"chat\":\"r\",\"message\":\"hi\"}";
        List<String> received = chatWith(
                text("{\"name\":\"" + name + "\",\"chat\":\"r\"}"),
                text(message),
                text("{\"name\":"),
                text("x".repeat(70_000)));
        assertThat(received).hasSize(3);
        assertThat(received.get(0)).isEqualTo(message);
        assertThat(received.get(1)).startsWith("{\"type\":\"system\"");
        assertThat(received.get(2)).isEqualTo("close 1008");
    }

    @Test
    void aMessageOver64KiBIsTheFirstViolationThen1009() throws IOException {
        String name = "unit-" + UUID.randomUUID();
        List<String> received = chatWith(
                text("{\"name\":\"" + name + "\",\"chat\":\"r\"}"), text("x".repeat(65_537)), text("{\"name\":"));
        assertThat(received).containsExactly("close 1009");
        assertThat(chatWith(text("{\"name\":\"" + name + "-2\",\"chat\":\"r\"}"), text("x".repeat(65_536))))
                .as("65,536 bytes are allowed: the message is only not JSON")
                .hasSize(2)
                .last()
                .isEqualTo("close 1008");
    }

    /**
     * The frames written in one go, as a client whose frames are already on the wire when the server reads the first
     * (a WebSocket client flushes frame by frame): what the server sends back up to its close frame, as text, the
     * close frame as {@code close <code>}.
     */
    private static List<String> chatWith(byte[]... frames) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /chat HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                    .getBytes(US_ASCII));
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            for (int matched = 0; matched < 4; ) { // the 101's head, up to its blank line
                matched = in.readUnsignedByte() == "\r\n\r\n".charAt(matched) ? matched + 1 : 0;
            }
            ByteArrayOutputStream wire = new ByteArrayOutputStream();
            for (byte[] frame : frames) {
                wire.write(frame);
            }
            out.write(wire.toByteArray());
            out.flush();
            List<String> received = new ArrayList<>();
            while (true) {
                int opcode = in.readUnsignedByte() & 0x0f;
                int length = in.readUnsignedByte() & 0x7f;
                byte[] payload =
                        new byte[length == 126 ? in.readUnsignedShort() : length == 127 ? (int) in.readLong() : length];
                in.readFully(payload);
                if (opcode == 0x8) {
                    received.add("close " + (((payload[0] & 0xff) << 8) | (payload[1] & 0xff)));
                    return received;
                }
                received.add(new String(payload, UTF_8));
            }
        }
    }

    private static byte[] text(String payload) {
        return frame(0x1, payload.getBytes(UTF_8));
    }

    /** A final client frame, masked with a zero key (so the payload is sent as is). */
    private static byte[] frame(int opcode, byte[] payload) {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(0x80 | opcode);
        if (payload.length < 126) {
            frame.write(0x80 | payload.length);
        } else if (payload.length <= 0xffff) {
            frame.write(0x80 | 126);
            frame.write(payload.length >> 8);
            frame.write(payload.length);
        } else {
            frame.write(0x80 | 127);
            frame.writeBytes(new byte[] {0, 0, 0, 0, (byte) (payload.length >> 24), (byte) (payload.length >> 16)});
            frame.write(payload.length >> 8);
            frame.write(payload.length);
        }
        frame.writeBytes(new byte[4]);
        frame.writeBytes(payload);
        return frame.toByteArray();
    }

    @Test
    void blockHoundIsWatching() {
        Mono<Object> blocking = Mono.delay(Duration.ofMillis(1))
                .map(tick -> {
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return tick;
                })
                .cast(Object.class);
        assertThat(blocking.onErrorResume(e -> Mono.just(e)).block()).isInstanceOf(Error.class);
    }
}
