package bench.mvc.chat;

import bench.contract.chat.ChatProtocol.User;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Who is connected under which name, in which room. Names are unique across the server and free again the
 * moment their connection leaves; a relay queues the received frame, unchanged, on every member's connection.
 */
@Component
class ChatRooms {

    /** The longest a relay waits for one member's writer to catch up (ChatConnection.awaitWriter). */
    private static final long RELAY_WAIT_NANOS = 50_000_000;

    private final ConcurrentHashMap<String, ChatConnection> names = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Set<ChatConnection>> rooms = new ConcurrentHashMap<>();

    /** Registers the connection as {@code user} unless the name is taken. */
    boolean join(User user, ChatConnection connection) {
        if (names.putIfAbsent(user.name(), connection) != null) return false;
        connection.registered(user);
        rooms.compute(user.chat(), (room, members) -> {
            Set<ChatConnection> set = members == null ? ConcurrentHashMap.newKeySet() : members;
            set.add(connection);
            return set;
        });
        return true;
    }

    void leave(ChatConnection connection) {
        User user = connection.user();
        if (user == null) return;
        rooms.computeIfPresent(user.chat(), (room, members) -> {
            members.remove(connection);
            return members.isEmpty() ? null : members;
        });
        names.remove(user.name(), connection);
    }

    /** Every member of the room gets the frame once; one whose queue overflows is out of the room at once. */
    void relay(String room, String frame) {
        Set<ChatConnection> members = rooms.get(room);
        if (members == null) return;
        int bytes = frame.getBytes(StandardCharsets.UTF_8).length;
        for (ChatConnection member : members) {
            if (!member.offer(frame, bytes)) leave(member);
        }
        for (ChatConnection member : members) member.awaitWriter(RELAY_WAIT_NANOS);
    }
}
