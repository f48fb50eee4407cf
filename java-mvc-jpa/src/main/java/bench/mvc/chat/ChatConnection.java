package bench.mvc.chat;

import bench.contract.chat.ChatProtocol.User;
import bench.mvc.chat.ChatWriter.Batch;
import bench.mvc.chat.ChatWriter.Frame;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;

/**
 * One socket: the user it registered as, and its outbound queue with the 1 MiB bound (spec/API.md §7.5). A relaying
 * thread only queues here; a {@link ChatWriter} per busy connection does the writing, which blocks until the socket
 * takes the frames, so a reader that stops reading blocks its own writer, never the room. The bound counts the bytes
 * accepted and not yet taken by the container, the batch being written included: past 1 MiB the queue is dropped
 * and the connection closed with 1013 once the write in flight returns.
 */
final class ChatConnection {

    static final long MAX_BYTES = 1024 * 1024;
    static final long CATCH_UP_BYTES = MAX_BYTES / 4; // below this much pending, a relay no longer waits for the writer
    static final long STALLED_NANOS = 100_000_000; // a socket that took nothing for this long has stopped taking data

    private final ChatWriter writer;
    private final Executor writers;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition caughtUp = lock.newCondition();
    private volatile @Nullable User user;
    private long lastProgress; // System.nanoTime() when the container last took a frame, or the writer started
    private List<Frame> queue = new ArrayList<>();
    private long pendingBytes; // queued, plus what of the batch being written the container has not taken yet
    private boolean writing;
    private volatile @Nullable CloseStatus closing; // written under the lock

    ChatConnection(WebSocketSession session, Executor writers) {
        this.writer = new ChatWriter(this, session);
        this.writers = writers;
    }

    @Nullable
    User user() {
        return user;
    }

    void registered(User user) {
        this.user = user;
    }

    /** Queues a frame of {@code bytes} UTF-8 bytes; false when that passed the bound and the connection is closing. */
    boolean offer(String text, int bytes) {
        lock.lock();
        try {
            if (closing != null) return closing != CloseStatus.SERVICE_OVERLOAD;
            if (pendingBytes + bytes > MAX_BYTES) {
                queue.clear();
                closing = CloseStatus.SERVICE_OVERLOAD;
                startLocked();
                writer.limitBlockedWrite();
                return false;
            }
            queue.add(new Frame(text, bytes));
            pendingBytes += bytes;
            startLocked();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** True once the connection is closing: what it sends is no longer relayed. */
    boolean closing() {
        return closing != null;
    }

    /** Closes once what is queued has been written (a system frame before a 1008, say); the first status wins. */
    void close(CloseStatus status) {
        lock.lock();
        try {
            if (closing != null) return;
            closing = status;
            startLocked();
        } finally {
            lock.unlock();
        }
    }

    /** The close handshake is over: the peer's close frame came back, or the socket is gone. */
    boolean closed() {
        return writer.closed();
    }

    private void startLocked() {
        if (!writing) {
            writing = true;
            lastProgress = System.nanoTime();
            writers.execute(writer);
        }
    }

    /** Everything queued since the last batch, taken at once; with nothing left the writer stops. */
    Batch nextBatch() {
        lock.lock();
        try {
            if (queue.isEmpty()) {
                writing = false;
                return new Batch(List.of(), closing);
            }
            List<Frame> frames = queue;
            queue = new ArrayList<>();
            return new Batch(frames, null);
        } finally {
            lock.unlock();
        }
    }

    /** The container took {@code bytes} more. */
    void written(long bytes) {
        lock.lock();
        try {
            pendingBytes -= bytes; // past a cut, no longer read
            lastProgress = System.nanoTime();
            if (pendingBytes <= CATCH_UP_BYTES) caughtUp.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Backpressure for the relaying thread, as an event loop gets it by writing itself: while the writer is behind
     * (past {@link #CATCH_UP_BYTES}) but its socket takes data, wait for it, at most {@code maxNanos}. A socket that
     * took nothing for {@link #STALLED_NANOS} is not waited for: a stopped reader delays its room that much once.
     */
    void awaitWriter(long maxNanos) {
        lock.lock();
        try {
            long left = maxNanos;
            while (left > 0
                    && closing == null
                    && pendingBytes > CATCH_UP_BYTES
                    && System.nanoTime() - lastProgress < STALLED_NANOS) {
                long step = Math.min(left, STALLED_NANOS / 4);
                left -= step - caughtUp.awaitNanos(step);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }
}
