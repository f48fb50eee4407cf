package bench.mvc.chat;

import bench.mvc.chat.ChatProtocol.Register;
import bench.mvc.chat.ChatProtocol.Violation;
import bench.mvc.chat.ChatRooms.Member;
import jakarta.websocket.Session;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;
import org.springframework.web.socket.handler.TextWebSocketHandler;

/**
 * The chat at {@code /chat} (spec/API.md §7): the first frame registers, later frames are relayed to the room
 * as received. Every violation ends with a system frame and 1008; binary frames 1003; frames over 64 KiB are
 * refused by the container with 1009 (see {@link ChatConfig}). On shutdown every socket is closed with 1001,
 * before the web server stops accepting (this lifecycle stops first).
 */
@Component
class Chat extends TextWebSocketHandler implements SmartLifecycle {

  private static final String OUTBOX = "outbox";
  private static final String MEMBER = "member";
  /** Tomcat's per-session bound on one blocking frame write; matched to the 30 s close timeout of §7.5. */
  private static final String TOMCAT_SEND_TIMEOUT = "org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT";

  private final ChatRooms rooms;
  private final ExecutorService writers;
  private volatile boolean running;

  /**
   * The writers are the same kind of thread as the container's: virtual beside virtual request threads, else
   * platform threads. Virtual writers beside platform readers share the few carrier threads (one per CPU) while
   * the readers get the OS scheduler's share each, so under load the relays outran the writers and members whose
   * sockets were idle filled their 1 MiB.
   */
  Chat(ChatRooms rooms, @Value("${spring.threads.virtual.enabled:false}") boolean virtualThreads) {
    this.rooms = rooms;
    this.writers = virtualThreads ? Executors.newVirtualThreadPerTaskExecutor()
        : Executors.newCachedThreadPool(Thread.ofPlatform().name("chat-writer-", 0).daemon().factory());
  }

  @Override
  public void afterConnectionEstablished(WebSocketSession session) {
    if (session instanceof NativeWebSocketSession nativeSession) {
      Session jakarta = nativeSession.getNativeSession(Session.class);
      if (jakarta != null) jakarta.getUserProperties().put(TOMCAT_SEND_TIMEOUT, (long) Outbox.SEND_TIME_LIMIT_MS);
    }
    session.getAttributes().put(OUTBOX, new Outbox(session, writers));
  }

  @Override
  protected void handleTextMessage(WebSocketSession session, TextMessage frame) {
    Outbox outbox = (Outbox) session.getAttributes().get(OUTBOX);
    Member member = (Member) session.getAttributes().get(MEMBER);
    if (outbox.closing()) return; // cut or refused: out of its room, and nothing it sends is relayed
    if (member != null) {
      switch (ChatProtocol.message(frame.getPayload(), member.name(), member.room())) {
        case Violation v -> refuse(session, outbox, v.reason());
        default -> rooms.relay(member.room(), frame);
      }
      return;
    }
    switch (ChatProtocol.registration(frame.getPayload())) {
      case Register r -> {
        Member joined = new Member(r.name(), r.chat(), outbox);
        if (rooms.join(joined)) {
          session.getAttributes().put(MEMBER, joined);
        } else {
          refuse(session, outbox, ChatProtocol.NAME_TAKEN);
        }
      }
      case Violation v -> refuse(session, outbox, v.reason());
      default -> refuse(session, outbox, "register first");
    }
  }

  @Override
  protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) {
    leave(session);
    ((Outbox) session.getAttributes().get(OUTBOX)).close(CloseStatus.NOT_ACCEPTABLE);
  }

  @Override
  public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
    leave(session);
  }

  @Override
  public void handleTransportError(WebSocketSession session, Throwable exception) {
    leave(session);
  }

  private void refuse(WebSocketSession session, Outbox outbox, String reason) {
    leave(session);
    String system = ChatProtocol.system(reason);
    outbox.offer(new TextMessage(system), system.length());
    outbox.close(CloseStatus.POLICY_VIOLATION);
  }

  private void leave(WebSocketSession session) {
    Member member = (Member) session.getAttributes().remove(MEMBER);
    if (member != null) rooms.leave(member);
  }

  @Override
  public void start() {
    running = true;
  }

  @Override
  public void stop() {
    running = false;
    for (Member member : rooms.everyone()) member.outbox().close(CloseStatus.GOING_AWAY);
    writers.close();
  }

  @Override
  public boolean isRunning() {
    return running;
  }
}
