package bench.mvc.chat;

import bench.contract.chat.ChatProtocol.User;
import bench.contract.chat.ChatRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * Who is connected under which name, in which room (java-contract's {@link ChatRegistry}). Names are unique across
 * the server and free again the moment their connection leaves; a relay queues the received frame, unchanged, on
 * every member's connection.
 */
@Component
class ChatRooms {

    /** The longest a relay waits for one member's writer to catch up (ChatConnection.awaitWriter). */
    private static final long RELAY_WAIT_NANOS = 50_000_000;

    private final ChatRegistry<ChatConnection> registry = new ChatRegistry<>();

    /** Registers the connection as {@code user} unless the name is taken. */
    boolean join(User user, ChatConnection connection) {
        if (!registry.claim(user.name(), connection)) return false;
        connection.registered(user);
        registry.join(user.chat(), connection);
        return true;
    }

    void leave(ChatConnection connection) {
        User user = connection.user();
        if (user == null) return;
        registry.leave(user.chat(), connection);
        registry.release(user.name(), connection);
    }

    /** Every member of the room gets the frame once; one whose queue overflows is out of the room at once. */
    void relay(String room, String frame) {
        Set<ChatConnection> members = registry.members(room);
        int bytes = frame.getBytes(StandardCharsets.UTF_8).length;
        for (ChatConnection member : members) {
            if (!member.offer(frame, bytes)) leave(member);
        }
        for (ChatConnection member : members) member.awaitWriter(RELAY_WAIT_NANOS);
    }
}
