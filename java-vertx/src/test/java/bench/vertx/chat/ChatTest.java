package bench.vertx.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bench.vertx.Config.ChatFanout;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
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
    private static final String REGISTER = "{\"name\":\"ann\",\"chat\":\"room\"}";
    private static final String MESSAGE = "{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"hi\"}";

    /**
     * Frames sent at once, a valid message, a violation and another message: the member reads its own message, then
     * the system frame, then 1008; what it sent after the violation is ignored. The EventBus fan-out relays the
     * message to its sender through the bus, so a system frame written at once would overtake it (and leaving the
     * room at once would drop it).
     */
    @ParameterizedTest
    @EnumSource(ChatFanout.class)
    void ownMessagesAreRelayedBeforeTheSystemFrameOfALaterViolation(
            ChatFanout fanout, Vertx vertx, VertxTestContext test) {
        Router router = Router.router(vertx);
        router.get("/chat").handler(new Chat(ChatRooms.create(fanout, vertx)));
        WebSocketClient client = vertx.createWebSocketClient();
        List<String> frames = new CopyOnWriteArrayList<>();
        vertx.createHttpServer()
                .requestHandler(router)
                .listen(0)
                .compose((HttpServer server) -> client.connect(server.actualPort(), "127.0.0.1", "/chat"))
                .onComplete(test.succeeding((WebSocket ws) -> {
                    ws.textMessageHandler(frames::add);
                    ws.closeHandler(v -> test.verify(() -> {
                        assertEquals(Short.valueOf((short) 1008), ws.closeStatusCode());
                        assertEquals(2, frames.size(), frames::toString);
                        assertEquals(MESSAGE, frames.get(0), "its own message first");
                        assertEquals("system", new JsonObject(frames.get(1)).getString("type"));
                        test.completeNow();
                    }));
                    ws.writeTextMessage(REGISTER);
                    ws.writeTextMessage(MESSAGE);
                    ws.writeTextMessage("{\"name\":");
                    ws.writeTextMessage(MESSAGE);
                }));
    }
}
