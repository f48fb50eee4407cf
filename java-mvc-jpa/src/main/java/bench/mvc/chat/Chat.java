package bench.mvc.chat;

import bench.contract.chat.ChatProtocol;
import bench.contract.chat.ChatProtocol.User;
import bench.contract.chat.ChatProtocol.Violation;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.TextWebSocketHandler;

/**
 * The chat at {@code /chat} (spec/API.md §7): the first frame registers, later frames are relayed to the room
 * as received. Every violation ends with a system frame and 1008; binary frames 1003; messages over 64 KiB 1009.
 * Frames are dealt with in the order they arrive, and the first violation ends the connection: its close goes
 * through the connection's queue, after the member's own relayed messages, and whatever arrives behind it is
 * ignored. So the 64 KiB limit is checked here, in its turn, under the container's larger one (see
 * {@link ChatConfig}), which would otherwise close with 1009 at once, ahead of a violation's system frame still
 * queued. On shutdown every socket is closed with 1001, before the web server stops accepting (this lifecycle
 * stops first), and its close handshake waited for.
 */
@Component
class Chat extends TextWebSocketHandler implements SmartLifecycle {

    private static final String CONNECTION = "connection";
    private static final Duration GO_AWAY_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration CLOSED_POLL = Duration.ofMillis(10);

    private final ChatRooms rooms;
    private final ExecutorService writers;
    private final Set<ChatConnection> connections = ConcurrentHashMap.newKeySet();
    private volatile boolean running;

    /**
     * The writers are the same kind of thread as the container's: virtual beside virtual request threads, else
     * platform threads. Virtual writers beside platform readers share the few carrier threads (one per CPU) while
     * the readers get the OS scheduler's share each, so under load the relays outran the writers and members whose
     * sockets were idle filled their 1 MiB.
     */
    Chat(ChatRooms rooms, @Value("${spring.threads.virtual.enabled}") boolean virtualThreads) {
        this.rooms = rooms;
        this.writers = virtualThreads
                ? Executors.newVirtualThreadPerTaskExecutor()
                : Executors.newCachedThreadPool(
                        Thread.ofPlatform().name("chat-writer-", 0).daemon().factory());
    }

    private static ChatConnection connection(WebSocketSession session) {
        return (ChatConnection) session.getAttributes().get(CONNECTION);
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) {
        ChatConnection connection = new ChatConnection(session, writers);
        session.getAttributes().put(CONNECTION, connection);
        connections.add(connection);
    }

    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage frame) {
        ChatConnection connection = connection(session);
        if (connection.closing()) return; // cut or refused: out of its room, and nothing it sends is relayed
        String text = frame.getPayload();
        if (ChatProtocol.utf8Length(text) > ChatProtocol.MAX_MESSAGE_BYTES) {
            rooms.leave(connection);
            connection.close(CloseStatus.TOO_BIG_TO_PROCESS);
            return;
        }
        try {
            User user = connection.user();
            if (user == null) {
                if (!rooms.join(ChatProtocol.readRegistration(text), connection))
                    throw new Violation(ChatProtocol.TAKEN_NAME);
            } else {
                ChatProtocol.checkMessage(text, user);
                rooms.relay(user.chat(), text);
            }
        } catch (Violation violation) {
            rooms.leave(connection);
            String system = ChatProtocol.systemFrame(violation.getMessage());
            connection.offer(system, system.getBytes(StandardCharsets.UTF_8).length);
            connection.close(CloseStatus.POLICY_VIOLATION);
        }
    }

    @Override
    protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) {
        ChatConnection connection = connection(session);
        rooms.leave(connection);
        connection.close(CloseStatus.NOT_ACCEPTABLE);
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        gone(connection(session));
    }

    @Override
    public void handleTransportError(WebSocketSession session, Throwable exception) {
        gone(connection(session));
    }

    private void gone(ChatConnection connection) {
        rooms.leave(connection);
        connections.remove(connection);
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        List<ChatConnection> open = List.copyOf(connections);
        for (ChatConnection connection : open) connection.close(CloseStatus.GOING_AWAY);
        awaitClosed(open);
        writers.close();
    }

    /**
     * The close handshakes (RFC 6455 §7.1.1), a moment at most: the container cuts what is still open when it stops,
     * and a peer that sends before it has read its close frame is answered with a reset that loses that frame. The
     * containers tell no one when a handshake ends, hence the polling (at shutdown only).
     */
    private static void awaitClosed(List<ChatConnection> open) {
        long deadline = System.nanoTime() + GO_AWAY_TIMEOUT.toNanos();
        try {
            while (System.nanoTime() < deadline && !open.stream().allMatch(ChatConnection::closed)) {
                Thread.sleep(CLOSED_POLL);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
