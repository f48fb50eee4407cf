package bench.vertx.chat;

import io.vertx.core.Future;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Direct fan-out: the sender's event loop walks the room and hands the frame to each member, which writes it
 * on its own event loop. Rooms appear on first join and disappear with their last member, atomically per room.
 */
final class DirectRooms extends ChatRooms {
    private final Map<String, Set<Member>> rooms = new ConcurrentHashMap<>();

    @Override
    public void join(String room, Member member) {
        rooms.compute(room, (name, members) -> {
            Set<Member> joined = members == null ? ConcurrentHashMap.newKeySet() : members;
            joined.add(member);
            return joined;
        });
    }

    @Override
    public void leave(String room, Member member) {
        rooms.computeIfPresent(room, (name, members) -> {
            members.remove(member);
            return members.isEmpty() ? null : members;
        });
    }

    /** A member's own frames reach it within its publish (it is on the sender's loop): nothing is on its way. */
    @Override
    public Future<Void> leaveAfterOwnFrames(String room, Member member) {
        leave(room, member);
        return Future.succeededFuture();
    }

    @Override
    public void publish(String room, String frame) {
        Set<Member> members = rooms.get(room);
        if (members != null) {
            for (Member member : members) {
                member.deliver(frame);
            }
        }
    }
}
