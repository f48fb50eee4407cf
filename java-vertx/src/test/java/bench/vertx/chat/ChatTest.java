package bench.vertx.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bench.vertx.ChatFanout;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A chat connection over a real WebSocket, on both fan-outs (spec/API.md §7.4). */
@ExtendWith(VertxExtension.class)
class ChatTest {
    /** The contract's message limit, as the server sets it; frames may be larger, so that it is the one checked. */
    private static final int MAX_MESSAGE_BYTES = 64 * 1024;

    private static final int MAX_FRAME_BYTES = 1024 * 1024;
    private static final String REGISTER = "{\"name\":\"ann\",\"chat\":\"room\"}";
    private static final List<String> MESSAGES = List.of(
            "{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"one\"}",
            "{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"two\"}",
            "{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"three\"}");

    /**
     * Frames sent at once, valid messages, a violation and another message: the member reads its own messages, then
     * the system frame, then 1008; what it sent after the violation is ignored. The EventBus fan-out relays the
     * messages to their sender through the bus, so a system frame written at once would overtake them (and leaving
     * the room at once would drop them).
     */
    @ParameterizedTest
    @EnumSource(ChatFanout.class)
    void ownMessagesAreRelayedBeforeTheSystemFrameOfALaterViolation(
            ChatFanout fanout, Vertx vertx, VertxTestContext test) {
        chat(fanout, vertx, test, ws -> ws.writeTextMessage("{\"name\":"), (ws, frames) -> {
            assertEquals(Short.valueOf((short) 1008), ws.closeStatusCode());
            assertEquals(MESSAGES.size() + 1, frames.size(), frames::toString);
            assertEquals(MESSAGES, frames.subList(0, MESSAGES.size()), "its own messages first");
            assertEquals("system", new JsonObject(frames.getLast()).getString("type"));
        });
    }

    /** The same for a binary frame: its own messages, then 1003. */
    @ParameterizedTest
    @EnumSource(ChatFanout.class)
    void ownMessagesAreRelayedBeforeTheCloseOfALaterBinaryFrame(ChatFanout fanout, Vertx vertx, VertxTestContext test) {
        chat(fanout, vertx, test, ws -> ws.writeBinaryMessage(Buffer.buffer(new byte[] {1, 2, 3})), (ws, frames) -> {
            assertEquals(Short.valueOf((short) 1003), ws.closeStatusCode());
            assertEquals(MESSAGES, frames, "its own messages, then the close");
        });
    }

    /** The same for one text frame over the message limit: its own messages, then 1009. */
    @ParameterizedTest
    @EnumSource(ChatFanout.class)
    void ownMessagesAreRelayedBeforeTheCloseOfALaterMessageTooBig(
            ChatFanout fanout, Vertx vertx, VertxTestContext test) {
        chat(fanout, vertx, test, ws -> ws.writeTextMessage("x".repeat(MAX_MESSAGE_BYTES + 1)), (ws, frames) -> {
            assertEquals(Short.valueOf((short) 1009), ws.closeStatusCode());
            assertEquals(MESSAGES, frames, "its own messages, then the close");
        });
    }

    /**
     * Registers, sends {@link #MESSAGES}, the violation and one more message, all at once, then checks the frames
     * received and the close.
     */
    private static void chat(
            ChatFanout fanout, Vertx vertx, VertxTestContext test, Handler<WebSocket> violation, Closed then) {
        Router router = Router.router(vertx);
        router.get("/chat").handler(new Chat(ChatRooms.create(fanout, vertx)));
        HttpServerOptions options = new HttpServerOptions()
                .setMaxWebSocketFrameSize(MAX_FRAME_BYTES)
                .setMaxWebSocketMessageSize(MAX_MESSAGE_BYTES);
        WebSocketClientOptions clientOptions = new WebSocketClientOptions().setMaxFrameSize(MAX_FRAME_BYTES);
        List<String> frames = new CopyOnWriteArrayList<>();
        vertx.createHttpServer(options)
                .requestHandler(router)
                .listen(0)
                .compose((HttpServer server) ->
                        vertx.createWebSocketClient(clientOptions).connect(server.actualPort(), "127.0.0.1", "/chat"))
                .onComplete(test.succeeding((WebSocket ws) -> {
                    ws.textMessageHandler(frames::add);
                    ws.closeHandler(v -> test.verify(() -> {
                        then.check(ws, frames);
                        test.completeNow();
                    }));
                    ws.writeTextMessage(REGISTER);
                    MESSAGES.forEach(ws::writeTextMessage);
                    violation.handle(ws);
                    ws.writeTextMessage(MESSAGES.getFirst());
                }));
    }

    @FunctionalInterface
    private interface Closed {
        void check(WebSocket ws, List<String> frames);
    }
}
