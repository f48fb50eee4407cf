package bench.mvc.chat;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.ConcurrentWebSocketSessionDecorator;

/**
 * One connection's outbound queue (spec/API.md §7.5). A servlet container writes a WebSocket frame by blocking
 * the calling thread until the socket takes it, so the relaying thread only queues here, and a virtual thread
 * per busy connection does the writing: a reader that stops reading blocks its own writer, never the room.
 * Past 1 MiB unsent (bytes, the measure every other stack's bound uses), the queue is dropped and the
 * connection closed with 1013 as soon as the frame in flight is out. Writes go through Spring's {@link ConcurrentWebSocketSessionDecorator}, whose send
 * time limit is the backstop for a writer stuck on a peer that never reads again.
 */
final class Outbox {

  static final long MAX_BYTES = 1024 * 1024;
  static final int SEND_TIME_LIMIT_MS = 30_000;

  private final WebSocketSession session;
  private final Executor writers;
  private final ReentrantLock lock = new ReentrantLock();
  private final ArrayDeque<Pending> queue = new ArrayDeque<>();
  private long queuedBytes;
  private boolean writing;
  private CloseStatus closing;

  private record Pending(TextMessage frame, int bytes) {}

  Outbox(WebSocketSession session, Executor writers) {
    this.session = new ConcurrentWebSocketSessionDecorator(session, SEND_TIME_LIMIT_MS, (int) MAX_BYTES,
        ConcurrentWebSocketSessionDecorator.OverflowStrategy.TERMINATE);
    this.writers = writers;
  }

  /** Queues a frame of {@code bytes} UTF-8 bytes; false when that passed the bound and the connection is closing. */
  boolean offer(TextMessage frame, int bytes) {
    lock.lock();
    try {
      if (closing != null) return closing != CloseStatus.SERVICE_OVERLOAD;
      if (queuedBytes + bytes > MAX_BYTES) {
        queue.clear();
        queuedBytes = 0;
        closeLocked(CloseStatus.SERVICE_OVERLOAD);
        return false;
      }
      queue.add(new Pending(frame, bytes));
      queuedBytes += bytes;
      startLocked();
      return true;
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
      writers.execute(this::drain);
    }
  }

  private void drain() {
    while (true) {
      Pending next;
      CloseStatus close = null;
      lock.lock();
      try {
        next = queue.poll();
        if (next == null) {
          writing = false;
          close = closing;
          if (close == null) return;
        } else {
          queuedBytes -= next.bytes();
        }
      } finally {
        lock.unlock();
      }
      try {
        if (next != null) {
          session.sendMessage(next.frame());
        } else {
          session.close(close);
          return;
        }
      } catch (IOException | RuntimeException e) {
        abort();
        return;
      }
    }
  }

  /** The peer is gone or stuck past the send time limit: drop the connection, nothing more to say. */
  private void abort() {
    lock.lock();
    try {
      queue.clear();
      queuedBytes = 0;
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
