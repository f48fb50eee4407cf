package bench.mvc.chat;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.TextMessage;

/**
 * Who is connected under which name, in which room. Names are unique across the server and free again the
 * moment their member leaves; a relay writes the received frame, unchanged, into every member's {@link Outbox}.
 */
@Component
class ChatRooms {

  record Member(String name, String room, Outbox outbox) {}

  /** The longest a relay waits for one member's writer to catch up (Outbox.awaitWriter). */
  private static final long RELAY_WAIT_NANOS = 50_000_000;

  private final ConcurrentHashMap<String, Member> names = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Set<Member>> rooms = new ConcurrentHashMap<>();

  /** Registers {@code member} unless its name is taken. */
  boolean join(Member member) {
    if (names.putIfAbsent(member.name(), member) != null) return false;
    rooms.compute(member.room(), (room, members) -> {
      Set<Member> set = members == null ? ConcurrentHashMap.newKeySet() : members;
      set.add(member);
      return set;
    });
    return true;
  }

  void leave(Member member) {
    rooms.computeIfPresent(member.room(), (room, members) -> {
      members.remove(member);
      return members.isEmpty() ? null : members;
    });
    names.remove(member.name(), member);
  }

  /** Every member of the room gets the frame once; one whose queue overflows is out of the room at once. */
  void relay(String room, TextMessage frame) {
    Set<Member> members = rooms.get(room);
    if (members == null) return;
    int bytes = frame.getPayload().getBytes(StandardCharsets.UTF_8).length;
    for (Member member : members) {
      if (!member.outbox().offer(frame, bytes)) leave(member);
    }
    for (Member member : members) member.outbox().awaitWriter(RELAY_WAIT_NANOS);
  }

  Collection<Member> everyone() {
    return names.values();
  }
}
