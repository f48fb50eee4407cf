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

    /** A room member: receives every message published to its room, its own included, as the bytes received. */
    interface Member {
        void deliver(byte[] message);
    }

    private final Map<String, Member> names = new ConcurrentHashMap<>();
    private final Map<String, Set<Member>> rooms = new ConcurrentHashMap<>();

    /** True if the name was free and is now the member's. */
    boolean claim(String name, Member member) {
        return names.putIfAbsent(name, member) == null;
    }

    /** Frees the name if the member still holds it: releasing twice never frees another connection's name. */
    void release(String name, Member member) {
        names.remove(name, member);
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
    void publish(String room, byte[] message) {
        Set<Member> members = rooms.get(room);
        if (members != null) {
            for (Member member : members) {
                member.deliver(message);
            }
        }
    }
}
