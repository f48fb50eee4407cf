package bench.vertx.chat;

import bench.contract.chat.ChatProtocol;
import io.netty.channel.ChannelHandlerContext;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.ServerWebSocket;
import java.util.function.Consumer;

/**
 * One WebSocket: unregistered, then registered as a {@link ChatProtocol.User} and a member of its room. All of
 * its state lives on its own event loop; frames from other members arrive through {@link #deliver}, which writes
 * at once on that loop and hops onto it from any other, so the order of each sender's messages is kept.
 */
final class ChatConnection implements ChatRooms.Member {
    /**
     * The outbound bound of spec/API.md §7.5 in bytes, as ws measures it: the channel's high water mark, past
     * which {@code writeQueueFull()} turns true.
     */
    static final int MAX_QUEUED_BYTES = 1024 * 1024;

    private final ServerWebSocket ws;
    private final ChannelHandlerContext socket;
    private final ChatRooms rooms;
    private final Context context;
    /** The event loop thread the connection lives on: a frame delivered on it is written at once. */
    private final Thread loop;

    private ChatProtocol.User user;
    /** False from the first violation (or close) on: whatever arrives next is ignored (spec/API.md §7.4). */
    private boolean reading = true;
    /** True once a close frame is sent or the socket is closed: nothing more is written. */
    private boolean closing;

    ChatConnection(
            ServerWebSocket ws, ChannelHandlerContext socket, ChatRooms rooms, Consumer<ChatConnection> onClose) {
        this.ws = ws;
        this.socket = socket;
        this.rooms = rooms;
        this.context = Vertx.currentContext();
        this.loop = Thread.currentThread();
        ws.setWriteQueueMaxSize(MAX_QUEUED_BYTES);
        ws.textMessageHandler(this::receive);
        ws.binaryMessageHandler(data -> violated(() -> close((short) 1003, "Binary frames are not supported")));
        // A message over maxWebSocketMessageSize (one frame or fragments) is reported here, not closed by Vert.x.
        // Anything else (a reset connection) is followed by the close handler, which cleans up.
        ws.exceptionHandler(failure -> {
            if (failure instanceof IllegalStateException) {
                violated(() -> close((short) 1009, "Message too big"));
            }
        });
        ws.closeHandler(v -> {
            reading = false;
            closing = true;
            leave();
            if (user != null) {
                rooms.release(user.name());
                user = null;
            }
            onClose.accept(this);
        });
    }

    private void receive(String text) {
        if (!reading) {
            return;
        }
        try {
            if (user == null) {
                register(ChatProtocol.readRegistration(text));
            } else {
                ChatProtocol.checkMessage(text, user);
                rooms.publish(user.chat(), text);
            }
        } catch (ChatProtocol.Violation violation) {
            String systemFrame = ChatProtocol.systemFrame(violation.getMessage());
            violated(() -> {
                ws.writeTextMessage(systemFrame);
                close((short) 1008, null);
            });
        }
    }

    /**
     * The first violation ends the connection (spec/API.md §7.4), whichever it is (1008, 1003, 1009): nothing it
     * sends later is read, its own messages still on their way to it are relayed first (the room says when), then
     * {@code end} writes what the violation calls for and closes.
     */
    private void violated(Runnable end) {
        if (!reading) {
            return;
        }
        reading = false;
        Future<Void> ownFramesRelayed =
                user == null ? Future.succeededFuture() : rooms.leaveAfterOwnFrames(user.chat(), this);
        ownFramesRelayed.onSuccess(v -> {
            if (!closing) {
                end.run();
            }
        });
    }

    private void register(ChatProtocol.User candidate) {
        if (!rooms.claim(candidate.name())) {
            throw new ChatProtocol.Violation(ChatProtocol.TAKEN_NAME);
        }
        user = candidate;
        rooms.join(user.chat(), this);
    }

    @Override
    public void deliver(String frame) {
        if (Thread.currentThread() == loop) {
            send(frame);
        } else {
            context.runOnContext(v -> send(frame));
        }
    }

    private void send(String frame) {
        if (closing || ws.isClosed()) {
            return;
        }
        if (ws.writeQueueFull() && !writableOnceFlushed()) {
            // A reader this slow holds up nobody else but would grow our memory: out of the room at once.
            leave();
            close((short) 1013, "Too slow to keep up");
            return;
        }
        ws.writeTextMessage(frame);
    }

    /**
     * Frames written while this connection reads (a sender's own messages: Vert.x flushes them when the read
     * batch ends) or whose flush is being consolidated count toward the high-water mark before the socket was
     * offered them. They go to the socket first, so that only a socket that stops taking data reaches the bound
     * (spec/API.md §7.5); a burst of 16 full reads could otherwise cut a sender that reads everything.
     */
    private boolean writableOnceFlushed() {
        socket.flush();
        return socket.channel().isWritable();
    }

    /** Completes once the close handshake is over (or the closing timeout gave up on the peer). */
    Future<Void> goingAway() {
        Promise<Void> closed = Promise.promise();
        context.runOnContext(v -> close((short) 1001, "Server shutting down").onComplete(closed));
        return closed.future();
    }

    private Future<Void> close(short code, String reason) {
        reading = false;
        if (closing) {
            return Future.succeededFuture();
        }
        closing = true;
        leave();
        return ws.close(code, reason);
    }

    private void leave() {
        if (user != null) {
            rooms.leave(user.chat(), this);
        }
    }
}
