package bench.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
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
        app = new App(Config.fromEnv(env));
        server = app.server().port(0).bindNow();
        client = HttpClient.create().port(server.port());
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

    @Test
    void healthThroughTheRealPool() {
        Answer health = get("/health", Map.of());
        assertEquals(200, health.status(), "is the database up (make db-up)?");
        assertEquals("{\"status\":\"UP\"}", health.body());
    }
}
