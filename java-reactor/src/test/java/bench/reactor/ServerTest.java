package bench.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.Environment;
import com.fasterxml.jackson.databind.JsonNode;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;

/**
 * The real server and its routes, with BlockHound active (installed for every test of this module): a blocking
 * call on an event loop or a Reactor thread while serving these requests fails the request, and the test.
 * The static tree and the database are the ones `make unit` prepares.
 */
class ServerTest {

    private static App app;
    private static DisposableServer server;
    private static HttpClient client;

    record Answer(int status, Map<String, String> headers, String body) {}

    @BeforeAll
    static void start() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PORT", "1");
        env.putIfAbsent(
                "STATIC_ROOT", Path.of("../.run/static").toAbsolutePath().toString());
        env.put("DB_POOL_SIZE", "2");
        env.put("WORKERS", "2");
        app = new App(Environment.read(env, App.PORT));
        server = app.server().port(0).bindNow();
        client = HttpClient.create().host(server.host()).port(server.port());
    }

    @AfterAll
    static void stop() {
        app.stop(server);
    }

    private static Answer send(HttpMethod method, String uri, Map<String, String> headers, String body) {
        return client.headers(h -> headers.forEach(h::set))
                .request(method)
                .uri(uri)
                .send(body == null ? Mono.empty() : ByteBufFlux.fromString(Mono.just(body)))
                .responseSingle((res, content) -> content.asString(StandardCharsets.UTF_8)
                        .defaultIfEmpty("")
                        .map(text -> {
                            Map<String, String> h = new HashMap<>();
                            res.responseHeaders().forEach(e -> h.put(e.getKey().toLowerCase(), e.getValue()));
                            return new Answer(res.status().code(), h, text);
                        }))
                .block(Duration.ofSeconds(10));
    }

    private static Answer get(String uri, Map<String, String> headers) {
        return send(HttpMethod.GET, uri, headers, null);
    }

    @Test
    void hello() {
        Answer answer = get("/hello", Map.of());
        assertEquals(200, answer.status());
        assertEquals("Hello, World!", answer.body());
        assertTrue(answer.headers().containsKey("date"));
    }

    @Test
    void unknownRoutesAndWrongMethods() {
        assertEquals(404, get("/hello/extra", Map.of()).status());
        Answer wrong = send(HttpMethod.DELETE, "/event", Map.of(), null);
        assertEquals(405, wrong.status());
        assertEquals("POST", wrong.headers().get("allow"));
        assertEquals("{\"error\":\"Method not allowed\"}", wrong.body());
    }

    /** spec/fixtures/paths.json: routes matched on the raw path exactly, and the odd static paths. */
    @Test
    void everyFixturePathGetsOneOfItsStatuses() {
        for (JsonNode fixture : Fixtures.json("paths.json")) {
            String path = fixture.get("path").asText();
            Answer answer = get(path, Map.of());
            List<Integer> allowed = new ArrayList<>();
            fixture.get("status").forEach(status -> allowed.add(status.asInt()));
            assertTrue(allowed.contains(answer.status()), path + " got " + answer.status());
            if (answer.status() >= 400) {
                assertEquals("application/json", answer.headers().get("content-type"), path);
                assertTrue(answer.body().startsWith("{\"error\":"), path);
            }
        }
    }

    @Test
    void anEmptyContentTypeIs415() {
        assertEquals(
                415,
                send(HttpMethod.POST, "/event", Map.of("Content-Type", ""), "{}")
                        .status());
        assertEquals(
                415,
                send(HttpMethod.POST, "/bookings", Map.of("Content-Type", ""), "{}")
                        .status());
    }

    /** spec/API.md §6.5: strict mode refuses the UPDATE, the transaction rolls back whole, and the answer is 409. */
    @Test
    void aTotalPastDecimal19Comma2Is409AndWritesNothing() {
        String model = "unit-overflow-" + System.nanoTime();
        String booking =
                "{\"bookingId\":\"O-1\",\"dollarValue\":\"%s\",\"startDate\":\"%s\",\"endDate\":\"2022-07-31\","
                        + "\"originTs\":\"1700000000000\",\"model\":\"" + model + "\",\"trim\":\"LE\"}";
        Map<String, String> json = Map.of("Content-Type", "application/json");
        Answer full = send(HttpMethod.POST, "/bookings", json, booking.formatted("99999999999999999.99", "2022-07-01"));
        assertEquals(201, full.status(), full.body());
        // H1 2022 would take its share first; H2 2022 is full: neither is written.
        Answer past = send(HttpMethod.POST, "/bookings", json, booking.formatted("300.00", "2022-06-01"));
        assertEquals(409, past.status());
        assertEquals(
                "{\"error\":\"the booking would take an aggregate's total past 99999999999999999.99\"}", past.body());
        assertEquals(
                "[{\"model\":\"" + model + "\",\"trim\":\"LE\",\"fiscalPeriodId\":20222,"
                        + "\"totalDollarAmount\":\"99999999999999999.99\",\"version\":1}]",
                get("/aggregates?model=" + model, Map.of()).body());
        Long bookings = Mono.usingWhen(
                        app.pool().create(),
                        c -> Mono.from(c.createStatement("SELECT COUNT(*) FROM bookings WHERE model = ?")
                                        .bind(0, model)
                                        .execute())
                                .flatMap(result -> Mono.from(result.map(row -> row.get(0, Long.class)))),
                        c -> c.close())
                .block(Duration.ofSeconds(10));
        assertEquals(1L, bookings, "the refused booking's row is rolled back too");
    }

    @Test
    void eventEcho() {
        Answer answer = send(
                HttpMethod.POST,
                "/event",
                Map.of("Content-Type", "application/json; charset=utf-8"),
                "{\"teams\":[],\"eventName\":\"x\\u000b\"}");
        assertEquals(200, answer.status());
        assertEquals("{\"eventName\":\"x\\u000b\",\"teams\":[]}", answer.body());
        assertEquals(
                415,
                send(HttpMethod.POST, "/event", Map.of("Content-Type", "text/plain"), "{}")
                        .status());
    }

    @Test
    void staticFilesAreLookedUpOffTheEventLoop() {
        Answer file = get("/static/hello.txt?x=1", Map.of());
        assertEquals(200, file.status());
        assertEquals("Mon, 01 Jan 2024 00:00:00 GMT", file.headers().get("last-modified"));
        assertEquals(Integer.toString(file.body().length()), file.headers().get("content-length"));
        Answer slice = get("/static/hello.txt", Map.of("Range", "bytes=0-4"));
        assertEquals(206, slice.status());
        assertEquals(file.body().substring(0, 5), slice.body());
        assertEquals(
                304,
                get("/static/hello.txt", Map.of("If-Modified-Since", "Mon, 01 Jan 2024 00:00:00 GMT"))
                        .status());
        assertEquals(
                416, get("/static/hello.txt", Map.of("Range", "bytes=9999-")).status());
        for (String missing : List.of("/static/missing.txt", "/static/sub", "/static/.hidden", "/static/outside.txt")) {
            assertEquals(404, get(missing, Map.of()).status(), missing);
        }
    }

    @Test
    void manyDownloadsAtOnce() {
        List<Integer> sizes = Flux.range(0, 8)
                .flatMap(i -> client.get()
                        .uri("/static/100kb.bin")
                        .responseContent()
                        .aggregate()
                        .map(buf -> buf.readableBytes()))
                .collectList()
                .block(Duration.ofSeconds(20));
        assertEquals(List.of(102400, 102400, 102400, 102400, 102400, 102400, 102400, 102400), sizes);
    }

    @Test
    void chatRelaysTheExactTextAndClosesViolationsWith1008() {
        String join = "{\"name\":\"ana\",\"chat\":\"lobby\"}";
        String say = "{ \"name\":\"ana\", \"chat\":\"lobby\", \"message\":\"hi\" }";
        List<String> received = client.websocket()
                .uri("/chat")
                .handle((in, out) -> out.sendString(
                                Flux.just(join, say, "not json").delayElements(Duration.ofMillis(50)))
                        .then()
                        .thenMany(in.receive().asString()))
                .take(Duration.ofSeconds(3))
                .collectList()
                .block(Duration.ofSeconds(10));
        assertEquals(say, received.get(0), "relayed as received, spacing included");
        assertTrue(received.get(1).startsWith("{\"type\":\"system\""), received.toString());
        assertTrue(app.rooms().isFree("ana"), "the name is free once the violation closed the connection");
    }

    @Test
    void chatReassemblesFragmentsIntoOneMessage() {
        String join = "{\"name\":\"parts\",\"chat\":\"fragments\"}";
        String say = "{\"name\":\"parts\",\"chat\":\"fragments\",\"message\":\"" + "m".repeat(60_000) + "\"}";
        List<String> received = client.websocket()
                .uri("/chat")
                .handle((in, out) -> out.sendObject(Flux.<WebSocketFrame>just(
                                        new TextWebSocketFrame(join),
                                        new TextWebSocketFrame(false, 0, say.substring(0, 30_000)),
                                        new ContinuationWebSocketFrame(false, 0, say.substring(30_000, 50_000)),
                                        new ContinuationWebSocketFrame(true, 0, say.substring(50_000)))
                                .delayElements(Duration.ofMillis(20)))
                        .then()
                        .thenMany(in.receive().asString().take(1)))
                .collectList()
                .block(Duration.ofSeconds(10));
        assertEquals(List.of(say), received);
    }

    @Test
    void chatClosesFragmentsPast64KibWith1009Quietly() throws InterruptedException {
        String join = "{\"name\":\"too-big\",\"chat\":\"fragments\"}";
        // A dropped error is logged, and the contract wants nothing logged for a client's mistakes.
        List<Throwable> dropped = new CopyOnWriteArrayList<>();
        Hooks.onErrorDropped(dropped::add);
        Integer code;
        try {
            code = client.websocket()
                    .uri("/chat")
                    .handle((in, out) -> out.sendObject(Flux.<WebSocketFrame>just(
                                            new TextWebSocketFrame(join),
                                            new TextWebSocketFrame(false, 0, "x".repeat(40_000)),
                                            new ContinuationWebSocketFrame(true, 0, "x".repeat(25_537)))
                                    .delayElements(Duration.ofMillis(20)))
                            .then()
                            .then(in.receiveCloseStatus().map(WebSocketCloseStatus::code)))
                    .blockLast(Duration.ofSeconds(10));
        } finally {
            Hooks.resetOnErrorDropped();
        }
        assertEquals(1009, code);
        assertEquals(List.of(), dropped);
        for (int i = 0; i < 100 && !app.rooms().isFree("too-big"); i++) {
            Thread.sleep(20);
        }
        assertTrue(app.rooms().isFree("too-big"), "the name is free once the connection closed");
    }

    /**
     * spec/API.md §7.4: the frames already on the wire behind a violation, one TCP write with it, are dropped, an
     * oversized or binary one included: the first violation's system frame and close code are the ones sent, and the
     * connection stays open for the peer's close frame. A frame over 64 KiB that is itself the first violation still
     * closes with 1009.
     */
    @Test
    void chatTheFirstViolationWinsOverTheFramesBehindIt() throws IOException {
        byte[] big = "x".repeat(65_537).getBytes(StandardCharsets.UTF_8);
        byte[] register = "{\"name\":\"first\",\"chat\":\"wins\"}".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                List.of(
                        "text {\"type\":\"system\",\"message\":\"chat must be a non-empty string of at most 64 characters\"}",
                        "close 1008"),
                rawChat(frame(1, "{\"name\":\"n\",\"chat\":7}".getBytes(StandardCharsets.UTF_8)), frame(1, big)));
        assertEquals(
                List.of("text {\"type\":\"system\",\"message\":\"Frames must be JSON objects\"}", "close 1008"),
                rawChat(
                        frame(1, "[]".getBytes(StandardCharsets.UTF_8)),
                        frame(2, new byte[] {1, 2, 3}),
                        frame(1, big),
                        frame(1, register)));
        assertEquals(
                List.of("close 1009"),
                rawChat(frame(1, register), frame(1, big), frame(1, "[]".getBytes(StandardCharsets.UTF_8))));
    }

    /** spec/API.md §7.4: after the close frame of a violation the server reads on for 2 s at most. */
    @Test
    void chatCutsOffAPeerThatDoesNotAnswerTheCloseFrameAfter2s() throws IOException, InterruptedException {
        try (RawChat chat = new RawChat()) {
            chat.send(frame(1, "[]".getBytes(StandardCharsets.UTF_8)));
            assertEquals(
                    List.of("text {\"type\":\"system\",\"message\":\"Frames must be JSON objects\"}", "close 1008"),
                    chat.readUntilClose());
            long start = System.nanoTime();
            long cutOff = 0;
            while (cutOff == 0 && System.nanoTime() - start < 10_000_000_000L) {
                Thread.sleep(50);
                try {
                    chat.send(frame(1, "late".getBytes(StandardCharsets.UTF_8))); // dropped while it still reads
                } catch (IOException reset) {
                    cutOff = (System.nanoTime() - start) / 1_000_000;
                }
            }
            assertTrue(cutOff >= 1_500 && cutOff < 6_000, "cut off after " + cutOff + " ms");
        }
    }

    /**
     * Writes the frames in one write on a new /chat connection, reads what comes back up to the close frame and
     * answers it: the server has ended its side by then (after its close frame, nothing but a reset could lose it).
     */
    private static List<String> rawChat(byte[]... frames) throws IOException {
        try (RawChat chat = new RawChat()) {
            chat.send(frames);
            List<String> received = chat.readUntilClose();
            chat.send(frame(8, new byte[] {0x03, (byte) 0xe8}));
            return received;
        }
    }

    /** A WebSocket client on a plain socket, to put frames on the wire exactly as a test wants them. */
    private static final class RawChat implements AutoCloseable {
        private final Socket socket = new Socket("127.0.0.1", server.port());
        private final OutputStream out = socket.getOutputStream();
        private final DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));

        RawChat() throws IOException {
            socket.setSoTimeout(5_000);
            out.write(("GET /chat HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                head.append((char) in.readUnsignedByte());
            }
            assertTrue(head.toString().startsWith("HTTP/1.1 101"), head.toString());
        }

        /** All the frames in one write. */
        void send(byte[]... frames) throws IOException {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (byte[] frame : frames) {
                all.write(frame);
            }
            out.write(all.toByteArray());
            out.flush();
        }

        /** The frames received, up to the close frame and the end of the server's side that follows it. */
        List<String> readUntilClose() throws IOException {
            List<String> received = new ArrayList<>();
            while (true) {
                int opcode = in.readUnsignedByte() & 0x0f;
                int length = in.readUnsignedByte(); // the server's frames here are short and unmasked
                byte[] payload = in.readNBytes(length == 126 ? in.readUnsignedShort() : length);
                if (opcode == 8) {
                    received.add("close " + ((payload[0] & 0xff) << 8 | (payload[1] & 0xff)));
                    assertEquals(-1, in.read(), "nothing after the close frame");
                    return received;
                }
                received.add((opcode == 1 ? "text " : "opcode " + opcode + " ")
                        + new String(payload, StandardCharsets.UTF_8));
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** A client's frame: final, masked (with a zero mask, which leaves the payload as it is). */
    private static byte[] frame(int opcode, byte[] payload) {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(0x80 | opcode);
        if (payload.length < 126) {
            frame.write(0x80 | payload.length);
        } else if (payload.length < 65_536) {
            frame.write(0x80 | 126);
            frame.write(payload.length >> 8);
            frame.write(payload.length);
        } else {
            frame.write(0x80 | 127);
            frame.writeBytes(ByteBuffer.allocate(8).putLong(payload.length).array());
        }
        frame.writeBytes(new byte[4]);
        frame.writeBytes(payload);
        return frame.toByteArray();
    }

    @Test
    void healthThroughTheRealPool() {
        Answer health = get("/health", Map.of());
        assertEquals(200, health.status(), "is the database up (make db-up)?");
        assertEquals("{\"status\":\"UP\"}", health.body());
    }
}
