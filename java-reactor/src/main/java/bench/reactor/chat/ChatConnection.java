package bench.reactor.chat;

import bench.contract.chat.ChatProtocol;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;

/**
 * One WebSocket connection: unregistered, then a member of one room until it closes. Its frames, in and out, are
 * handled on its own event loop, which counts the bytes not yet taken by the socket: past {@link #MAX_PENDING_BYTES}
 * the member is dropped and closed with 1013, so a reader that stopped reading costs that much memory at most.
 *
 * <p>Its frames are dealt with one at a time, in the order they arrive, and the first violation ends it
 * (spec/API.md §7.4): its system frame and close frame are written before the next frame is looked at, and every
 * frame after it is dropped while the peer's close frame is awaited. So the 64 KiB limit is checked here too, in
 * frame order, rather than by the decoder, which would close at once (1009) when it met a frame that size.
 */
final class ChatConnection {

    static final int MAX_MESSAGE_BYTES = 64 * 1024;
    /**
     * What the decoder takes in one frame, above {@link #MAX_MESSAGE_BYTES} so that a frame over the limit reaches
     * {@link #receive} in its turn; a frame past this is refused by the decoder itself, which closes at once with
     * 1009 without reading it.
     */
    static final int MAX_FRAME_BYTES = 1024 * 1024;

    static final long MAX_PENDING_BYTES = 1024 * 1024;
    /** How long a peer has to answer the close frame with its own (spec/API.md §1.5, §7.4) before it is cut off. */
    static final long CLOSE_TIMEOUT_SECONDS = 2;

    private Channel channel;
    private ChannelHandlerContext socket;
    private Mono<Void> disposed = Mono.empty();
    private final ChatRooms rooms;
    private long pendingBytes; // on this connection's event loop only
    private final AtomicBoolean closing = new AtomicBoolean();
    private volatile ChatProtocol.User user;

    ChatConnection(ChatRooms rooms) {
        this.rooms = rooms;
    }

    /** Before the first frame: the channel frames are written to, its flush-consolidating context, its end. */
    void attach(Connection connection, ChannelHandlerContext socket) {
        this.channel = connection.channel();
        this.socket = socket;
        disposed = connection.onDispose();
        rooms.opened(this);
        connection.onDispose(this::closed);
    }

    /** On this connection's event loop, one whole message at a time; reactor-netty releases the frame afterwards. */
    void receive(WebSocketFrame frame) {
        if (closing.get()) {
            return; // after the first violation: dropped, whatever it is, until the peer's close frame
        }
        if (frame.content().readableBytes() > MAX_MESSAGE_BYTES) {
            close(1009, "Message too big", null);
        } else if (frame instanceof BinaryWebSocketFrame) {
            close(1003, "Binary frames are not supported", null);
        } else if (frame instanceof TextWebSocketFrame
                && !ByteBufUtil.isText(frame.content(), StandardCharsets.UTF_8)) {
            // RFC 6455 §8.1; reactor-netty installs no UTF-8 validator, and the relay would pass the bytes on.
            close(1007, "Text frames must be UTF-8", null);
        } else if (frame instanceof TextWebSocketFrame) {
            byte[] message = ByteBufUtil.getBytes(frame.content());
            String text = new String(message, StandardCharsets.UTF_8);
            try {
                if (user == null) {
                    register(ChatProtocol.readRegistration(text));
                } else {
                    ChatProtocol.checkMessage(text, user);
                    rooms.publish(user.chat(), message); // the bytes received, never re-encoded
                }
            } catch (ChatProtocol.Violation violation) {
                close(1008, null, ChatProtocol.systemFrame(violation.getMessage()));
            }
        }
    }

    private void register(ChatProtocol.User candidate) {
        if (!rooms.claim(candidate.name(), this)) {
            throw new ChatProtocol.Violation(ChatProtocol.TAKEN_NAME);
        }
        user = candidate;
        rooms.join(candidate.chat(), this);
    }

    /**
     * Called by the room from any event loop, for every message published to it. The frame is written on this
     * connection's own loop (a sender's frames keep their order in its task queue), where the bound is checked
     * against bytes the socket was offered: a write handed over from another loop would count while it waits.
     */
    void deliver(byte[] message) {
        if (channel.eventLoop().inEventLoop()) {
            write(message);
        } else {
            channel.eventLoop().execute(() -> write(message));
        }
    }

    private void write(byte[] message) {
        if (closing.get()) {
            return;
        }
        if (pendingBytes + message.length > MAX_PENDING_BYTES && !fitsOnceFlushed(message.length)) {
            close(1013, "Too slow to keep up", null);
            return;
        }
        pendingBytes += message.length;
        // wrappedBuffer shares the one byte[] among all recipients: a relay copies nothing per member.
        channel.writeAndFlush(new TextWebSocketFrame(Unpooled.wrappedBuffer(message)))
                .addListener(written -> pendingBytes -= message.length);
    }

    /**
     * Frames whose flush is being consolidated (up to 256 per channel during a read) are counted before the socket
     * was offered them. They go to the socket first (a write taken completes, and its bytes are uncounted, at
     * once), so that only a socket that stops taking data reaches the bound (spec/API.md §7.5).
     */
    private boolean fitsOnceFlushed(int more) {
        socket.flush();
        return pendingBytes + more <= MAX_PENDING_BYTES;
    }

    /** Closes with 1001; completes once the connection is gone. */
    Mono<Void> goAway() {
        close(1001, "Server shutting down", null);
        return disposed;
    }

    /**
     * From any thread, once: leave the room and free the name at once, then, on the connection's event loop,
     * the system frame if any, the close frame, and a timer that cuts off a peer that never answers it. On that loop
     * (a violation in {@link #receive}) they are written at once, ahead of anything the frames behind it would do.
     *
     * <p>The close handshake of RFC 6455 §7.1.1: once the close frame is written, only our side of the TCP connection
     * is shut; it closes when the peer's close frame and end arrive (reactor-netty's reply to that frame then finds
     * the output shut, as it should). {@code WebsocketOutbound.sendClose} instead closes the channel as soon as
     * its frame is written: a peer that sends before reading it is answered with a reset, and the close frame it had
     * not read yet is lost with it (1006 instead of the code).
     */
    void close(int code, String reason, String systemFrame) {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        leave();
        if (channel.eventLoop().inEventLoop()) {
            sendClose(code, reason, systemFrame);
        } else {
            channel.eventLoop().execute(() -> sendClose(code, reason, systemFrame));
        }
    }

    private void sendClose(int code, String reason, String systemFrame) {
        if (systemFrame != null) {
            channel.writeAndFlush(new TextWebSocketFrame(systemFrame));
        }
        channel.writeAndFlush(new CloseWebSocketFrame(code, reason)).addListener(written -> {
            if (written.isSuccess()) {
                ((DuplexChannel) channel).shutdownOutput();
            } else {
                channel.close();
            }
        });
        channel.eventLoop().schedule(() -> channel.close(), CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** The connection is gone, for whatever reason. */
    void closed() {
        closing.set(true);
        leave();
        rooms.closed(this);
    }

    private void leave() {
        ChatProtocol.User member = user;
        if (member != null) {
            rooms.leave(member.chat(), this);
            rooms.release(member.name(), this);
        }
    }
}
