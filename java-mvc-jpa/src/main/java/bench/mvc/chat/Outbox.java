package bench.mvc.chat;

import jakarta.websocket.RemoteEndpoint;
import jakarta.websocket.Session;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;

/**
 * One connection's outbound queue (spec/API.md §7.5). A servlet container writes a WebSocket frame by blocking
 * the calling thread until the socket takes it, so the relaying thread only queues here, and a writer thread per
 * busy connection does the writing: a reader that stops reading blocks its own writer, never the room.
 *
 * <p>The writer takes everything queued at once and hands it to the container as one batch (see {@link #write}),
 * so it keeps up with a socket that takes data instead of parking once per frame. The bound counts the bytes
 * accepted and not yet taken by the container, the rest of the batch being written included: past 1 MiB the
 * queue is dropped and the connection closed with 1013 once the write in flight returns. A write the peer never
 * takes fails after {@link #SEND_TIME_LIMIT_MS} (Tomcat's send timeout; Jetty's idle timeout, set then), and the
 * connection is dropped.
 */
final class Outbox {

  static final long MAX_BYTES = 1024 * 1024;
  static final int SEND_TIME_LIMIT_MS = 30_000;
  /** Below this much pending, a relaying thread no longer waits for the writer. */
  static final long CATCH_UP_BYTES = MAX_BYTES / 4;
  /** A socket that took nothing for this long has stopped taking data. */
  static final long STALLED_NANOS = 100_000_000;

  private final WebSocketSession session;
  private final Session jakarta;
  private final boolean queuesAsyncSends;
  private final Executor writers;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition caughtUp = lock.newCondition();
  private long lastProgress; // System.nanoTime() when the container last took a frame, or the writer started
  private List<Pending> queue = new ArrayList<>();
  private long pendingBytes; // queued, plus what of the batch being written the container has not taken yet
  private boolean writing;
  private CloseStatus closing;

  private record Pending(TextMessage frame, int bytes) {}

  Outbox(WebSocketSession session, Executor writers) {
    this.session = session;
    this.jakarta = ((NativeWebSocketSession) session).getNativeSession(Session.class);
    this.queuesAsyncSends = jakarta.getClass().getName().startsWith("org.eclipse.jetty.");
    this.writers = writers;
  }

  /** Queues a frame of {@code bytes} UTF-8 bytes; false when that passed the bound and the connection is closing. */
  boolean offer(TextMessage frame, int bytes) {
    lock.lock();
    try {
      if (closing != null) return closing != CloseStatus.SERVICE_OVERLOAD;
      if (pendingBytes + bytes > MAX_BYTES) {
        queue.clear();
        closeLocked(CloseStatus.SERVICE_OVERLOAD);
        // Whatever the writer is blocked on now fails after the limit on Jetty too (Tomcat has its send timeout).
        jakarta.setMaxIdleTimeout(SEND_TIME_LIMIT_MS);
        return false;
      }
      queue.add(new Pending(frame, bytes));
      pendingBytes += bytes;
      startLocked();
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** True once the connection is closing: what it sends is no longer relayed. */
  boolean closing() {
    lock.lock();
    try {
      return closing != null;
    } finally {
      lock.unlock();
    }
  }

  /** Closes once what is queued has been written (a system frame before a 1008, say). */
  void close(CloseStatus status) {
    lock.lock();
    try {
      if (closing == null) closeLocked(status);
    } finally {
      lock.unlock();
    }
  }

  private void closeLocked(CloseStatus status) {
    closing = status;
    startLocked();
  }

  private void startLocked() {
    if (!writing) {
      writing = true;
      lastProgress = System.nanoTime();
      writers.execute(this::drain);
    }
  }

  private void drain() {
    while (true) {
      List<Pending> batch;
      CloseStatus close = null;
      lock.lock();
      try {
        batch = queue;
        if (batch.isEmpty()) {
          writing = false;
          close = closing;
          if (close == null) return;
        } else {
          queue = new ArrayList<>();
        }
      } finally {
        lock.unlock();
      }
      try {
        if (close != null) {
          session.close(close);
          return;
        }
        write(batch);
      } catch (Throwable e) { // an Error too: a writer that died silently would leave this connection mute
        abort();
        return;
      }
    }
  }

  /**
   * Tomcat takes one message at a time, so the batch goes through its blocking remote with batching allowed (its
   * output buffer gathers the frames; one flush). Jetty queues asynchronous sends itself and writes what is queued
   * together, while its blocking remote waits for each frame's own write: there every frame is sent asynchronously
   * and counted until written, and only the last is waited for.
   */
  private void write(List<Pending> batch) throws IOException, InterruptedException, ExecutionException {
    if (queuesAsyncSends) {
      RemoteEndpoint.Async remote = jakarta.getAsyncRemote();
      remote.setBatchingAllowed(true);
      int last = batch.size() - 1;
      for (int i = 0; i < last; i++) {
        Pending pending = batch.get(i);
        remote.sendText(pending.frame().getPayload(), result -> written(pending.bytes()));
      }
      Future<Void> out = remote.sendText(batch.get(last).frame().getPayload());
      remote.setBatchingAllowed(false); // flushes; the container's own control frames (pongs) go out at once again
      out.get(); // written in order: the whole batch is out
      written(batch.get(last).bytes());
      return;
    }
    RemoteEndpoint.Basic remote = jakarta.getBasicRemote();
    remote.setBatchingAllowed(true);
    for (Pending pending : batch) {
      remote.sendText(pending.frame().getPayload()); // returns once the frame is in the container's buffer
      written(pending.bytes());
    }
    remote.setBatchingAllowed(false); // flushes; the container's own control frames (pongs) go out at once again
  }

  private void written(long bytes) {
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
   * Backpressure for the relaying thread, as an event loop gets it by writing itself: while this connection's
   * writer is behind (more than {@link #CATCH_UP_BYTES} pending) but its socket is taking data, wait for it, at
   * most {@code maxNanos}. A socket that has taken nothing for {@link #STALLED_NANOS} is not waited for: a reader
   * that stops reading delays its room by that much once, and is cut at the bound.
   */
  void awaitWriter(long maxNanos) {
    lock.lock();
    try {
      long left = maxNanos;
      while (left > 0 && closing == null && pendingBytes > CATCH_UP_BYTES
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

  /** The peer is gone or stuck past the send time limit: drop the connection, nothing more to say. */
  private void abort() {
    lock.lock();
    try {
      queue.clear();
      if (closing == null) closing = CloseStatus.SESSION_NOT_RELIABLE;
      writing = false;
    } finally {
      lock.unlock();
    }
    try {
      session.close(CloseStatus.SESSION_NOT_RELIABLE);
    } catch (IOException | RuntimeException ignored) {
      // Already closed by the container: nothing left to release here.
    }
  }
}
