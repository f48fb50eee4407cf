package bench.spring5.chat;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import org.springframework.stereotype.Component;

/**
 * The server-wide name registry and the rooms, in process memory. Members join and leave rarely and every
 * message iterates its room, hence copy-on-write member sets.
 */
@Component
class ChatRooms {

  /** A room member: receives every frame published to its room, its own included. */
  interface Member {
    void deliver(Frame frame);
  }

  /** A relayed frame: the exact text received, and its size in UTF-8 bytes for the outbound bound. */
  record Frame(String text, int bytes) {}

  private final Set<String> names = ConcurrentHashMap.newKeySet();
  private final Map<String, Set<Member>> rooms = new ConcurrentHashMap<>();

  /** True if the name was free and is now taken. */
  boolean claim(String name) {
    return names.add(name);
  }

  void release(String name) {
    names.remove(name);
  }

  void join(String room, Member member) {
    rooms.compute(room, (r, members) -> {
      Set<Member> joined = members == null ? new CopyOnWriteArraySet<>() : members;
      joined.add(member);
      return joined;
    });
  }

  void leave(String room, Member member) {
    rooms.computeIfPresent(room, (r, members) -> {
      members.remove(member);
      return members.isEmpty() ? null : members;
    });
  }

  /** Called from the sender's inbound, one frame at a time: each member sees a sender's frames in order. */
  void publish(String room, Frame frame) {
    Set<Member> members = rooms.get(room);
    if (members != null) {
      for (Member member : members) {
        member.deliver(frame);
      }
    }
  }
}
