package bench.spring5.chat;

import bench.contract.chat.ChatProtocol;
import bench.contract.chat.ChatProtocol.User;
import bench.contract.chat.ChatProtocol.Violation;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.flush.FlushConsolidationHandler;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.web.reactive.socket.CloseStatus;
import org.springframework.web.reactive.socket.WebSocketMessage;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;

/**
 * One WebSocket connection: unregistered, then a member of its room until it closes. Relayed frames are written to its
 * Netty channel on its own event loop; once {@link #MAX_PENDING_BYTES} wait for the socket, the channel is unwritable
 * and the next frame closes it with 1013 (spec/API.md §7.5). WebFlux's {@code WebSocketSession.send(Publisher)} hides
 * the per-frame write and Netty's count, hence the channel.
 */
final class ChatConnection implements ChatRooms.Member {

    static final int MAX_MESSAGE_BYTES = 64 * 1024; // a message, fragments reassembled, past this: 1009
    static final int MAX_PENDING_BYTES = 1024 * 1024;
    static final long CLOSE_TIMEOUT_SECONDS = 30; // for a peer to read our close frame (ws's default)

    private final Channel channel;
    private final ChannelHandlerContext socket;
    private final ChatRooms rooms;
    private final AtomicBoolean closing = new AtomicBoolean();
    private volatile User user;

    ChatConnection(Channel channel, ChatRooms rooms) {
        this.channel = channel;
        this.rooms = rooms;
        channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(MAX_PENDING_BYTES / 2, MAX_PENDING_BYTES));
        // A relay writes one frame to each member; flushing each would cost a syscall per delivery. Netty's own
        // handler turns the flushes queued on this connection's loop meanwhile into one write of them all.
        FlushConsolidationHandler consolidation =
                new FlushConsolidationHandler(FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true);
        Connection.from(channel).addHandlerFirst("flushConsolidation", consolidation);
        this.socket = channel.pipeline().context(consolidation);
    }

    /**
     * Frames from the peer, one at a time in the order they arrive, on this connection's event loop. The first
     * violation closes; whatever arrives after it is ignored until the peer's close frame (spec/API.md §7.4).
     */
    void receive(WebSocketMessage message) {
        if (closing.get()) {
            return;
        }
        if (message.getType() != WebSocketMessage.Type.TEXT) {
            close(CloseStatus.NOT_ACCEPTABLE.withReason("Binary frames are not supported"), null);
            return;
        }
        if (message.getPayload().readableByteCount() > MAX_MESSAGE_BYTES) {
            close(CloseStatus.TOO_BIG_TO_PROCESS.withReason("Message too big"), null);
            return;
        }
        byte[] bytes = new byte[message.getPayload().readableByteCount()];
        message.getPayload().read(bytes);
        if (!ByteBufUtil.isText(Unpooled.wrappedBuffer(bytes), StandardCharsets.UTF_8)) {
            // RFC 6455 §8.1; reactor-netty installs no UTF-8 validator, and the relay would pass the bytes on.
            close(CloseStatus.BAD_DATA.withReason("Text frames must be UTF-8"), null);
            return;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        try {
            User registered = user;
            if (registered == null) {
                User candidate = ChatProtocol.readRegistration(text);
                if (!rooms.claim(candidate.name(), this)) {
                    throw new Violation(ChatProtocol.TAKEN_NAME);
                }
                user = candidate;
                rooms.join(candidate.chat(), this);
            } else {
                ChatProtocol.checkMessage(text, registered);
                rooms.publish(registered.chat(), bytes); // the bytes received, never re-encoded
            }
        } catch (Violation violation) {
            close(CloseStatus.POLICY_VIOLATION, ChatProtocol.systemFrame(violation.getMessage()));
        }
    }

    /**
     * From any event loop: written on this connection's own (a sender's frames keep their order in its task queue),
     * where writability counts only bytes offered to the socket, not writes handed over and still waiting.
     */
    @Override
    public void deliver(byte[] message) {
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
        if (!channel.isWritable() && !writableOnceFlushed()) {
            close(new CloseStatus(1013, "Too slow to keep up"), null);
            return;
        }
        // wrappedBuffer shares the one byte[] among all recipients: a relay copies nothing per member.
        channel.writeAndFlush(new TextWebSocketFrame(Unpooled.wrappedBuffer(message)), channel.voidPromise());
    }

    /**
     * Frames whose flush is being consolidated (up to 256 per channel during a read) count toward the high-water mark
     * before the socket was offered them: they go to it first, so that only a socket that stops taking data is cut.
     */
    private boolean writableOnceFlushed() {
        socket.flush();
        return channel.isWritable();
    }

    /** Closes without a system frame (a failed read); completes at once. */
    Mono<Void> close(CloseStatus status) {
        close(status, null);
        return Mono.empty();
    }

    /** Server shutdown: 1001; completes once the connection is gone. */
    Mono<Void> goAway() {
        close(CloseStatus.GOING_AWAY, null);
        return Connection.from(channel).onDispose();
    }

    /**
     * From any thread, once: leave the room and free the name at once, then, on the connection's event loop, the
     * system frame if any, the close frame after everything queued, and a timer for a peer that never reads it. From
     * the connection's own loop (a violation, read in {@link #receive}) they are written at once, ahead of anything
     * Netty's decoder may still do with the rest of the same read.
     *
     * <p>The close handshake of RFC 6455 §7.1.1: once the close frame is written, only our side of the TCP connection
     * is shut; it closes when the peer's close frame and end arrive (reactor-netty's reply to that frame then finds
     * the output shut, as it should). {@code session.close} (reactor-netty's {@code sendClose}) instead closes the
     * channel as soon as its frame is written: a peer that sends before reading it is answered with a reset, and the
     * close frame it had not read yet is lost with it (1006 instead of the code).
     */
    private void close(CloseStatus status, String systemFrame) {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        leave();
        if (channel.eventLoop().inEventLoop()) {
            sendClose(status, systemFrame);
        } else {
            channel.eventLoop().execute(() -> sendClose(status, systemFrame));
        }
    }

    private void sendClose(CloseStatus status, String systemFrame) {
        if (systemFrame != null) {
            channel.writeAndFlush(new TextWebSocketFrame(systemFrame), channel.voidPromise());
        }
        channel.writeAndFlush(new CloseWebSocketFrame(status.getCode(), status.getReason()))
                .addListener(written -> {
                    if (written.isSuccess()) {
                        ((DuplexChannel) channel).shutdownOutput();
                    } else {
                        channel.close();
                    }
                });
        channel.eventLoop().schedule(() -> channel.close(), CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** The peer closed, or the connection is gone: nothing more to send, and the name is free again. */
    void closed() {
        closing.set(true);
        leave();
    }

    private void leave() {
        User member = user;
        if (member != null) {
            rooms.leave(member.chat(), this);
            rooms.release(member.name(), this);
        }
    }
}
