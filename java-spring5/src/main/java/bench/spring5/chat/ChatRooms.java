package bench.spring5.chat;

import bench.contract.chat.ChatRegistry;
import java.util.concurrent.CopyOnWriteArraySet;
import org.springframework.stereotype.Component;

/**
 * The server-wide name registry and the rooms, in process memory: java-contract's {@link ChatRegistry}. Members join
 * and leave rarely and every message iterates its room, hence copy-on-write member sets.
 */
@Component
class ChatRooms extends ChatRegistry<ChatRooms.Member> {

    /** A room member: receives every message published to its room, its own included, as the bytes received. */
    interface Member {
        void deliver(byte[] message);
    }

    ChatRooms() {
        super(CopyOnWriteArraySet::new);
    }

    /** Called from the sender's inbound, one frame at a time: each member sees a sender's frames in order. */
    void publish(String room, byte[] message) {
        for (Member member : members(room)) {
            member.deliver(message);
        }
    }
}
