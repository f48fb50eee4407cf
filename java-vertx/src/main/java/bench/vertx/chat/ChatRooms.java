package bench.vertx.chat;

import bench.vertx.ChatFanout;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The name registry and the rooms, one instance shared by every verticle instance (each on its own event loop),
 * so everything here is safe to call from any thread. Names are unique across the whole server; how a room's
 * frames reach its members is the subclass's choice: direct writes or the EventBus.
 */
public abstract class ChatRooms {
    private final Set<String> names = ConcurrentHashMap.newKeySet();

    /** A registered connection as a room sees it. */
    public interface Member {
        /** Called for every frame published to the member's room, from any thread. */
        void deliver(String frame);
    }

    public static ChatRooms create(ChatFanout fanout, Vertx vertx) {
        return switch (fanout) {
            case DIRECT -> new DirectRooms();
            case EVENTBUS -> new EventBusRooms(vertx);
        };
    }

    /** True if the name was free and is now taken by the caller. */
    public boolean claim(String name) {
        return names.add(name);
    }

    public void release(String name) {
        names.remove(name);
    }

    /** From now on, {@code member} receives every frame published to {@code room}, in publish order. */
    public abstract void join(String room, Member member);

    public abstract void leave(String room, Member member);

    /**
     * The member leaves once every frame it published to the room before this call has reached it (spec/API.md §7.4:
     * its own messages are relayed to it before the system frame of a violation it commits later). Called on the
     * member's own event loop; the future completes there, at once if nothing of its own is still on its way.
     */
    public abstract Future<Void> leaveAfterOwnFrames(String room, Member member);

    /** Delivers the frame's exact text to every member of the room, the sender included. */
    public abstract void publish(String room, String frame);
}
