package bench.spring5.chat;

import bench.spring5.chat.ChatProtocol.User;
import bench.spring5.chat.ChatProtocol.Violation;
import bench.spring5.chat.ChatRooms.Frame;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.web.reactive.socket.CloseStatus;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.WebSocketSession;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.concurrent.Queues;

/**
 * One WebSocket connection: unregistered, then a member of its room until it closes. Its outbound frames
 * wait in its own queue, and each is handed to the socket only once the previous one has been written, so
 * that the queue is the whole backlog of a reader that stops reading: past {@link #MAX_QUEUED_BYTES} it is
 * closed with 1013 and the room goes on.
 */
final class ChatConnection implements ChatRooms.Member {

  static final long MAX_QUEUED_BYTES = 1024 * 1024;

  /** How long a peer has to read our close frame before the TCP connection is dropped (ws's default). */
  static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

  private final WebSocketSession session;
  private final ChatRooms rooms;
  private final Runnable drop;
  private final Sinks.Many<Frame> outbound = Sinks.many().unicast().onBackpressureBuffer(Queues.<Frame>unbounded().get());
  private final Sinks.Empty<Void> dropped = Sinks.empty();
  private final Sinks.Empty<Void> closeExpired = Sinks.empty();
  private long queuedBytes;
  private volatile User user;
  private boolean closing;
  private boolean released;
  private volatile CloseStatus closeStatus;

  ChatConnection(WebSocketSession session, ChatRooms rooms, Runnable drop) {
    this.session = session;
    this.rooms = rooms;
    this.drop = drop;
  }

  /** Writes the queue out frame by frame, then the close frame a violation or shutdown asked for. */
  Mono<Void> send() {
    return outbound.asFlux()
        .takeUntilOther(dropped.asMono())
        .concatMap(frame -> {
          sent(frame);
          return session.send(Mono.just(session.textMessage(frame.text())));
        }, 0)
        .then(Mono.defer(() -> {
          if (closeStatus == null) {
            return Mono.empty();
          }
          startCloseTimeout();
          return session.close(closeStatus);
        }));
  }

  /**
   * Completes {@link #CLOSE_TIMEOUT} after this side sent its close frame: a peer that reads nothing, not even
   * that frame, would otherwise hold the connection open forever.
   */
  Mono<Void> closeExpired() {
    return closeExpired.asMono();
  }

  private void startCloseTimeout() {
    Mono.delay(CLOSE_TIMEOUT).subscribe(tick -> {
      closeExpired.tryEmitEmpty();
      drop.run();
    });
  }

  /** Frames from the peer, in order; binary frames are not part of the protocol. */
  void receive(WebSocketMessage message) {
    if (closingNow()) {
      return;
    }
    if (message.getType() != WebSocketMessage.Type.TEXT) {
      finish(CloseStatus.NOT_ACCEPTABLE.withReason("Binary frames are not supported"), null);
      return;
    }
    String text = message.getPayloadAsText(StandardCharsets.UTF_8);
    try {
      if (user == null) {
        register(ChatProtocol.registration(text));
      } else {
        ChatProtocol.checkMessage(text, user);
        rooms.publish(user.chat(), new Frame(text, message.getPayload().readableByteCount()));
      }
    } catch (Violation violation) {
      finish(CloseStatus.POLICY_VIOLATION, ChatProtocol.systemFrame(violation.getMessage()));
    }
  }

  private void register(User candidate) {
    if (!rooms.claim(candidate.name())) {
      throw new Violation(ChatProtocol.TAKEN_NAME);
    }
    user = candidate;
    rooms.join(user.chat(), this);
  }

  @Override
  public synchronized void deliver(Frame frame) {
    if (closing) {
      return;
    }
    queuedBytes += frame.bytes();
    if (queuedBytes > MAX_QUEUED_BYTES) {
      // A reader this slow would hold up nobody else but would grow our memory: out of the room now.
      closing = true;
      leaveRoom();
      dropped.tryEmitEmpty();
      // The close frame waits behind the unread backlog; the peer may be gone before it is written.
      session.close(new CloseStatus(1013, "Too slow to keep up")).onErrorComplete().subscribe();
      startCloseTimeout();
      return;
    }
    outbound.tryEmitNext(frame);
  }

  private synchronized void sent(Frame frame) {
    queuedBytes -= frame.bytes();
  }

  /** Leaves the room, sends {@code last} if any, then closes with {@code status} once it is written. */
  synchronized void finish(CloseStatus status, String last) {
    if (closing) {
      return;
    }
    closing = true;
    leaveRoom();
    closeStatus = status;
    if (last != null) {
      Frame frame = new Frame(last, last.getBytes(StandardCharsets.UTF_8).length);
      queuedBytes += frame.bytes();
      outbound.tryEmitNext(frame);
    }
    outbound.tryEmitComplete();
  }

  /** The peer is gone: nothing more to send, and the name is free again. */
  synchronized void closed() {
    closing = true;
    leaveRoom();
    outbound.tryEmitComplete();
    // Once: closed() runs again when the whole exchange ends, and by then a new connection may own the name.
    if (user != null && !released) {
      released = true;
      rooms.release(user.name());
    }
  }

  private synchronized boolean closingNow() {
    return closing;
  }

  private void leaveRoom() {
    if (user != null) {
      rooms.leave(user.chat(), this);
    }
  }
}
