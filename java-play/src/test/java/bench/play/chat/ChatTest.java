package bench.play.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.chat.ChatProtocol;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import play.api.mvc.Handler;
import play.mvc.Http;
import play.routing.Router;
import play.server.Server;

/**
 * A chat connection over a real WebSocket, on Play's server with this stack's configuration (application.conf):
 * frames are dealt with in order, and the first violation's close comes after the member's own messages
 * (spec/API.md §7.4); a plain GET gets 426 with the JSON error; stopping the server closes every socket with 1001.
 */
class ChatTest {
    private static final String REGISTER = "{\"name\":\"%s\",\"chat\":\"room\"}";
    private static final String MESSAGE = "{\"name\":\"%s\",\"chat\":\"room\",\"message\":\"%s\"}";

    private static Server server;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static Router router;

    @BeforeAll
    static void start() {
        // Play asks its components for the router more than once: one Chat, whose registry has a fixed name.
        server = Server.forRouter(components -> {
            if (router == null) {
                router = new ChatOnly(new Chat(components.actorSystem(), components.coordinatedShutdown()));
            }
            return router;
        });
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
    }

    private record ChatOnly(Chat chat) implements Router {
        @Override
        public Optional<Handler> route(Http.RequestHeader request) {
            return request.path().equals("/chat") ? Optional.of(chat.webSocket()) : Optional.empty();
        }

        @Override
        public List<RouteDocumentation> documentation() {
            return List.of();
        }

        @Override
        public Router withPrefix(String prefix) {
            return this;
        }
    }

    /** A client that keeps every text frame and the close code. */
    private static final class Member implements WebSocket.Listener {
        final List<String> frames = new CopyOnWriteArrayList<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        private final StringBuilder partial = new StringBuilder();
        WebSocket socket;

        static Member connect() throws Exception {
            return connect(server);
        }

        static Member connect(Server to) throws Exception {
            Member member = new Member();
            member.socket = CLIENT.newWebSocketBuilder()
                    .buildAsync(URI.create("ws://127.0.0.1:" + to.httpPort() + "/chat"), member)
                    .get(5, TimeUnit.SECONDS);
            return member;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                frames.add(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed.complete(statusCode);
            return null; // the client answers with its own close frame
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closed.completeExceptionally(error);
        }

        int closeCode() throws Exception {
            return closed.get(10, TimeUnit.SECONDS);
        }
    }

    /**
     * Registers, sends three messages, the violation, and one more message, all at once (each send waits only for
     * the previous one to be written).
     */
    private static Member sendWithViolation(String name, Function<WebSocket, CompletableFuture<WebSocket>> violation)
            throws Exception {
        Member member = Member.connect();
        CompletableFuture<WebSocket> sent = member.socket.sendText(REGISTER.formatted(name), true);
        for (String message : List.of("one", "two", "three")) {
            sent = sent.thenCompose(ws -> ws.sendText(MESSAGE.formatted(name, message), true));
        }
        sent.thenCompose(violation).thenCompose(ws -> ws.sendText(MESSAGE.formatted(name, "after"), true));
        return member;
    }

    private static List<String> ownMessages(String name) {
        return List.of(
                MESSAGE.formatted(name, "one"), MESSAGE.formatted(name, "two"), MESSAGE.formatted(name, "three"));
    }

    @Test
    void ownMessagesAreRelayedBeforeTheSystemFrameOfALaterViolation() throws Exception {
        Member ann = sendWithViolation("ann", ws -> ws.sendText("{\"name\":", true));
        assertEquals(1008, ann.closeCode());
        assertEquals(4, ann.frames.size(), ann.frames::toString);
        assertEquals(ownMessages("ann"), ann.frames.subList(0, 3), "its own messages first");
        assertTrue(ann.frames.get(3).startsWith("{\"type\":\"system\",\"message\":"), ann.frames.get(3));
    }

    @Test
    void ownMessagesAreRelayedBeforeTheCloseOfALaterBinaryFrame() throws Exception {
        Member bob = sendWithViolation("bob", ws -> ws.sendBinary(ByteBuffer.wrap(new byte[] {1, 2, 3}), true));
        assertEquals(1003, bob.closeCode());
        assertEquals(ownMessages("bob"), bob.frames);
    }

    @Test
    void ownMessagesAreRelayedBeforeTheCloseOfALaterMessageTooBig() throws Exception {
        // Fragmented: the limit is on the message, after reassembly.
        String tooBig = "x".repeat(ChatProtocol.MAX_MESSAGE_BYTES + 1);
        Member cy = sendWithViolation(
                "cy",
                ws -> ws.sendText(tooBig.substring(0, 40_000), false)
                        .thenCompose(w -> w.sendText(tooBig.substring(40_000), true)));
        assertEquals(1009, cy.closeCode());
        assertEquals(ownMessages("cy"), cy.frames);
    }

    @Test
    void theFirstViolationWinsOverAnOversizedFrameBehindIt() throws Exception {
        Member dee = Member.connect();
        dee.socket.sendText("[1]", true).thenCompose(ws -> ws.sendText("x".repeat(70_000), true));
        assertEquals(1008, dee.closeCode());
        assertEquals(1, dee.frames.size(), dee.frames::toString);
    }

    @Test
    void aTakenNameGetsTheSystemFrameThen1008() throws Exception {
        Member holder = Member.connect();
        holder.socket
                .sendText(REGISTER.formatted("eve"), true)
                .thenCompose(ws -> ws.sendText(MESSAGE.formatted("eve", "here"), true));
        waitFor(() -> holder.frames.size() == 1);
        Member intruder = Member.connect();
        intruder.socket.sendText("{\"name\":\"eve\",\"chat\":\"elsewhere\"}", true);
        assertEquals(1008, intruder.closeCode());
        assertEquals(
                List.of("{\"type\":\"system\",\"message\":\"A user with that name already exists\"}"), intruder.frames);
        holder.socket.sendClose(1000, "");
        assertEquals(1000, holder.closeCode());
    }

    @Test
    void aPlainGetIs426WithTheJsonError() throws Exception {
        HttpResponse<String> response = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + "/chat"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(426, response.statusCode());
        assertEquals(
                "application/json",
                response.headers().firstValue("Content-Type").orElse(""));
        assertTrue(response.body().startsWith("{\"error\":"), response.body());
    }

    @Test
    void stoppingTheServerClosesEverySocketWith1001() throws Exception {
        Router[] own = new Router[1];
        Server stopping = Server.forRouter(components -> {
            if (own[0] == null) {
                own[0] = new ChatOnly(new Chat(components.actorSystem(), components.coordinatedShutdown()));
            }
            return own[0];
        });
        Member registered = Member.connect(stopping);
        registered
                .socket
                .sendText(REGISTER.formatted("fay"), true)
                .thenCompose(ws -> ws.sendText(MESSAGE.formatted("fay", "here"), true));
        waitFor(() -> registered.frames.size() == 1);
        Member unregistered = Member.connect(stopping);
        stopping.stop();
        assertEquals(1001, registered.closeCode());
        assertEquals(1001, unregistered.closeCode());
    }

    private static void waitFor(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(condition.getAsBoolean());
    }
}
