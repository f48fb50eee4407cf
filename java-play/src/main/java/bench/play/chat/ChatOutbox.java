package bench.play.chat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.NotUsed;
import org.apache.pekko.stream.BoundedSourceQueue;
import org.apache.pekko.stream.QueueOfferResult;
import org.apache.pekko.stream.javadsl.Source;
import play.api.http.websocket.CloseMessage;
import play.api.http.websocket.Message;
import play.api.http.websocket.TextMessage;

/**
 * A member's outbound frames and their bound (spec/API.md §7.5): the queue its WebSocket flow's outbound side drains.
 * Netty, Vert.x and ws count the bytes that wait for a socket; Pekko Streams counts elements, so this counts the bytes
 * itself: accepted here and not yet taken by Play's WebSocket handler, which asks for the next frame as the socket takes
 * the previous ones. Past {@link #MAX_BYTES} the member is cut, its 1013 behind what is queued. The room offers its
 * relays from its own thread and the connection adds its last frames from another, hence the lock.
 *
 * <p>Taking a frame is progress. While a member's socket makes progress but is more than {@link #CATCH_UP_BYTES} behind,
 * a relay waits for it ({@link #caughtUp()}), so that a server short of CPU reads its senders later instead of cutting
 * readers whose sockets still take data. A socket that took nothing for {@link #STALLED_NANOS} has stopped: it is not
 * waited for, and fills up to the cut.
 */
final class ChatOutbox {
    enum Offer {
        QUEUED,
        /** Queued behind a backlog that is being taken: {@link #caughtUp()} says when it is worth the wait. */
        BEHIND,
        /** Over the bound: the outbox is closing with 1013, the member is out of the room. */
        CUT,
        /** Closing or gone: the frame was dropped. */
        CLOSED
    }

    static final int MAX_BYTES = 1024 * 1024;
    static final int CATCH_UP_BYTES = MAX_BYTES / 4;
    static final long STALLED_NANOS = 100_000_000;

    private static final int TRY_AGAIN_LATER = 1013;
    private static final CompletableFuture<Void> NO_WAIT = CompletableFuture.completedFuture(null);

    private record Outgoing(Message message, int bytes) {}

    private BoundedSourceQueue<Outgoing> queue;
    private long pendingBytes;
    private long lastProgress;
    private boolean closed;
    private CompletableFuture<Void> caughtUp;

    /**
     * The frames for the socket; the outbox takes offers once this is materialized. The queue's own bound counts frames
     * and is never reached: every frame has a byte at least.
     */
    Source<Message, NotUsed> source() {
        return Source.<Outgoing>queue(MAX_BYTES)
                .mapMaterializedValue(this::attach)
                .map(this::taken);
    }

    private synchronized NotUsed attach(BoundedSourceQueue<Outgoing> queue) {
        this.queue = queue;
        return NotUsed.notUsed();
    }

    synchronized Offer offer(TextMessage frame, int bytes) {
        if (closed) {
            return Offer.CLOSED;
        }
        if (pendingBytes + bytes > MAX_BYTES) {
            close(TRY_AGAIN_LATER, null);
            return Offer.CUT;
        }
        if (pendingBytes == 0) {
            lastProgress = System.nanoTime(); // an idle socket is not a stalled one
        }
        if (!enqueue(frame, bytes)) {
            return Offer.CLOSED;
        }
        return pendingBytes > CATCH_UP_BYTES && !stalled() ? Offer.BEHIND : Offer.QUEUED;
    }

    /** Completes once the backlog is down to {@link #CATCH_UP_BYTES}, or the outbox is closed. */
    synchronized CompletableFuture<Void> caughtUp() {
        if (closed || pendingBytes <= CATCH_UP_BYTES) {
            return NO_WAIT;
        }
        if (caughtUp == null) {
            caughtUp = new CompletableFuture<>();
        }
        return caughtUp;
    }

    /** The last frames, behind what is queued; nothing is accepted after them. The first close wins. */
    synchronized void close(int code, String systemFrame) {
        if (closed) {
            return;
        }
        if (systemFrame != null) {
            enqueue(new TextMessage(systemFrame), systemFrame.getBytes(StandardCharsets.UTF_8).length);
        }
        enqueue(CloseMessage.apply(code, ""), 0);
        closed = true;
        releaseWaiters();
    }

    /** Nothing will take from it any more: no relay waits for it. */
    synchronized void abandon() {
        closed = true;
        releaseWaiters();
    }

    private boolean enqueue(Message message, int bytes) {
        if (queue.offer(new Outgoing(message, bytes)) != QueueOfferResult.enqueued()) {
            closed = true; // the stream is gone: the peer left
            releaseWaiters();
            return false;
        }
        pendingBytes += bytes;
        return true;
    }

    /** Play's WebSocket takes a frame to write: progress. */
    private synchronized Message taken(Outgoing outgoing) {
        pendingBytes -= outgoing.bytes();
        lastProgress = System.nanoTime();
        if (pendingBytes <= CATCH_UP_BYTES) {
            releaseWaiters();
        }
        return outgoing.message();
    }

    private boolean stalled() {
        return System.nanoTime() - lastProgress > STALLED_NANOS;
    }

    private void releaseWaiters() {
        if (caughtUp != null) {
            caughtUp.complete(null);
            caughtUp = null;
        }
    }
}
