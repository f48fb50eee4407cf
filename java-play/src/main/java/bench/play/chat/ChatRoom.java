package bench.play.chat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import play.api.http.websocket.TextMessage;

/**
 * The actor of one room (spec/API.md §7.3): its members, and the relay of every message, its text as received, to
 * each of them, the sender included. The room offers a message to every member's outbox before it takes the next, so
 * all members get the room's messages in one order, and each sender's in the order it sent them. {@link ChatRooms}
 * starts a room for its first member, joins and removes members, and stops the room after its last.
 */
final class ChatRoom extends AbstractBehavior<ChatRoom.Command> {
    sealed interface Command {}

    /** From the registry: {@code connection} is a member from now on, and is told so. */
    record Join(ActorRef<ChatConnection.Command> connection, ChatOutbox outbox) implements Command {}

    record Leave(ActorRef<ChatConnection.Command> connection) implements Command {}

    /** A message to relay; {@code relayed} is told once it is in every member's outbox. */
    record Publish(String text, int bytes, ActorRef<Done> relayed) implements Command {}

    /** The longest a relay waits for members whose sockets are behind but taking data (ChatOutbox). */
    static final long RELAY_WAIT_MS = 50;

    private final Map<ActorRef<ChatConnection.Command>, ChatOutbox> members = new HashMap<>();

    private ChatRoom(ActorContext<Command> context) {
        super(context);
    }

    static Behavior<Command> create() {
        return Behaviors.setup(ChatRoom::new);
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Join.class, this::join)
                .onMessage(Leave.class, this::leave)
                .onMessage(Publish.class, this::publish)
                .build();
    }

    private Behavior<Command> join(Join join) {
        members.put(join.connection(), join.outbox());
        join.connection().tell(new ChatConnection.Joined(getContext().getSelf()));
        return this;
    }

    private Behavior<Command> leave(Leave leave) {
        members.remove(leave.connection());
        return this;
    }

    /**
     * The sender reads its next frame once this message is in every outbox and the members that are behind have
     * caught up, or the wait is over: backpressure from the slowest socket that still takes data to the senders. A
     * member over the bound is out of the room at once (and told, to release its name).
     */
    private Behavior<Command> publish(Publish publish) {
        TextMessage frame = new TextMessage(publish.text());
        List<CompletableFuture<Void>> behind = new ArrayList<>();
        Iterator<Map.Entry<ActorRef<ChatConnection.Command>, ChatOutbox>> each =
                members.entrySet().iterator();
        while (each.hasNext()) {
            Map.Entry<ActorRef<ChatConnection.Command>, ChatOutbox> member = each.next();
            switch (member.getValue().offer(frame, publish.bytes())) {
                case QUEUED -> {}
                case BEHIND -> behind.add(member.getValue().caughtUp());
                case CUT -> {
                    each.remove();
                    member.getKey().tell(ChatConnection.Signal.TOO_SLOW);
                }
                case CLOSED -> each.remove();
            }
        }
        if (behind.isEmpty()) {
            publish.relayed().tell(Done.done());
        } else {
            CompletableFuture.allOf(behind.toArray(CompletableFuture[]::new))
                    .completeOnTimeout(null, RELAY_WAIT_MS, TimeUnit.MILLISECONDS)
                    .thenRun(() -> publish.relayed().tell(Done.done()));
        }
        return this;
    }
}
