package bench.mvc.chat;

import jakarta.websocket.RemoteEndpoint;
import jakarta.websocket.Session;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.tomcat.websocket.WsSession;
import org.eclipse.jetty.ee11.websocket.jakarta.common.JakartaWebSocketSession;
import org.jspecify.annotations.Nullable;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;

/**
 * The writer thread of one busy {@link ChatConnection}: it takes everything queued at once and hands it to the
 * container as one batch, so it keeps up with a socket that takes data instead of parking once per frame, and
 * closes the session once the queue is drained if the connection is closing. A write the peer never takes fails
 * after {@link #SEND_TIME_LIMIT_MS} (Tomcat's send timeout; Jetty's idle timeout, set at the cut), and the
 * connection is dropped.
 */
final class ChatWriter implements Runnable {

    /** The 30 s close timeout of spec/API.md §7.5, as the bound on one blocked write. */
    static final int SEND_TIME_LIMIT_MS = 30_000;
    /** Tomcat's per-session bound on one blocking frame write. */
    private static final String TOMCAT_SEND_TIMEOUT = "org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT";

    record Frame(String text, int bytes) {}

    /** The writer's next step: write {@code frames}, or with none left close with {@code close} (if any) and stop. */
    record Batch(List<Frame> frames, @Nullable CloseStatus close) {}

    private final ChatConnection connection;
    private final WebSocketSession session;
    private final Session jakarta;
    private final boolean queuesAsyncSends;

    ChatWriter(ChatConnection connection, WebSocketSession session) {
        this.connection = connection;
        this.session = session;
        this.jakarta = ((NativeWebSocketSession) session).getNativeSession(Session.class);
        this.queuesAsyncSends = jakarta.getClass().getName().startsWith("org.eclipse.jetty.");
        jakarta.getUserProperties().put(TOMCAT_SEND_TIMEOUT, (long) SEND_TIME_LIMIT_MS);
        // Jetty also bounds each frame (64 KiB by default), a setting the Jakarta API does not have.
        if (jakarta instanceof JakartaWebSocketSession jetty)
            jetty.getCoreSession().setMaxFrameSize(ChatConfig.MAX_MESSAGE);
    }

    /** Past the bound: whatever the writer is blocked on fails after the limit on Jetty too. */
    void limitBlockedWrite() {
        jakarta.setMaxIdleTimeout(SEND_TIME_LIMIT_MS);
    }

    @Override
    public void run() {
        try {
            while (true) {
                Batch batch = connection.nextBatch();
                if (batch.frames().isEmpty()) {
                    if (batch.close() != null) session.close(batch.close());
                    return;
                }
                write(batch.frames());
            }
        } catch (Throwable e) { // an Error too: a writer that died silently would leave this connection mute
            abort();
        }
    }

    /**
     * Tomcat takes one message at a time, so the batch goes through its blocking remote with batching allowed (its
     * output buffer gathers the frames; one flush). Jetty queues asynchronous sends itself and writes what is queued
     * together, while its blocking remote waits for each frame's own write: there every frame is sent asynchronously
     * and counted until written, and only the last is waited for.
     */
    private void write(List<Frame> batch) throws IOException, InterruptedException, ExecutionException {
        if (queuesAsyncSends) {
            RemoteEndpoint.Async remote = jakarta.getAsyncRemote();
            remote.setBatchingAllowed(true);
            int last = batch.size() - 1;
            for (int i = 0; i < last; i++) {
                Frame frame = batch.get(i);
                remote.sendText(frame.text(), result -> connection.written(frame.bytes()));
            }
            Future<Void> out = remote.sendText(batch.get(last).text());
            remote.setBatchingAllowed(
                    false); // flushes; the container's own control frames (pongs) go out at once again
            out.get(); // written in order: the whole batch is out
            connection.written(batch.get(last).bytes());
            return;
        }
        RemoteEndpoint.Basic remote = jakarta.getBasicRemote();
        remote.setBatchingAllowed(true);
        for (Frame frame : batch) {
            remote.sendText(frame.text()); // returns once the frame is in the container's buffer
            connection.written(frame.bytes());
        }
        remote.setBatchingAllowed(false); // flushes; the container's own control frames (pongs) go out at once again
    }

    /**
     * Whether the close handshake is over. The Jakarta API has no such state: its {@code onClose} comes as soon as our
     * close frame is sent (Tomcat), and {@code isOpen()} turns false then too; each container keeps it itself.
     */
    boolean closed() {
        if (jakarta instanceof WsSession tomcat) return tomcat.isClosed();
        if (jakarta instanceof JakartaWebSocketSession jetty)
            return jetty.getCoreSession().isClosed();
        return !jakarta.isOpen();
    }

    /**
     * The peer is gone or stuck past the send time limit: drop the connection, nothing more to say. The connection
     * is closing from here on, so no writer starts again and what is still queued is never written.
     */
    private void abort() {
        connection.close(CloseStatus.SESSION_NOT_RELIABLE);
        try {
            session.close(CloseStatus.SESSION_NOT_RELIABLE);
        } catch (IOException | RuntimeException ignored) {
            // Already closed by the container: nothing left to release here.
        }
    }
}
