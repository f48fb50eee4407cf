package bench.play.chat;

import bench.contract.chat.ChatProtocol;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The registry actor, one per server: the names, unique across all rooms, and the rooms, one {@link ChatRoom} actor
 * each, started for a room's first member and stopped after its last. It watches every open connection, so a name
 * is free again as soon as its connection is gone, whatever the reason (spec/API.md §7.6), and a shutdown knows whom
 * to close and when they are all closed.
 */
final class ChatRooms extends AbstractBehavior<ChatRooms.Command> {
    sealed interface Command {}

    /** A new connection, registered or not yet. */
    record Opened(ActorRef<ChatConnection.Command> connection) implements Command {}

    /** Answered by the room with {@link ChatConnection.Joined}, or here with {@code NAME_TAKEN}. */
    record Register(ChatProtocol.User user, ActorRef<ChatConnection.Command> connection, ChatOutbox outbox)
            implements Command {}

    /** The connection is closing: its name is free again and it is out of its room. */
    record Leave(ActorRef<ChatConnection.Command> connection) implements Command {}

    /** Shutdown: every connection closes with 1001; {@code closed} is told once all of them are gone. */
    record GoAway(ActorRef<Done> closed) implements Command {}

    private record Gone(ActorRef<ChatConnection.Command> connection) implements Command {}

    /** A room's actor and how many registered names it holds. */
    private static final class Room {
        final ActorRef<ChatRoom.Command> actor;
        int members;

        Room(ActorRef<ChatRoom.Command> actor) {
            this.actor = actor;
        }
    }

    private final Set<ActorRef<ChatConnection.Command>> open = new HashSet<>();
    private final Map<String, ActorRef<ChatConnection.Command>> names = new HashMap<>();
    private final Map<ActorRef<ChatConnection.Command>, ChatProtocol.User> members = new HashMap<>();
    private final Map<String, Room> rooms = new HashMap<>();
    private final List<ActorRef<Done>> awaitingClosed = new ArrayList<>();
    private boolean goingAway;

    private ChatRooms(ActorContext<Command> context) {
        super(context);
    }

    static Behavior<Command> create() {
        return Behaviors.setup(ChatRooms::new);
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Opened.class, this::opened)
                .onMessage(Register.class, this::register)
                .onMessage(Leave.class, leave -> release(leave.connection()))
                .onMessage(Gone.class, this::gone)
                .onMessage(GoAway.class, this::goAway)
                .build();
    }

    private Behavior<Command> opened(Opened opened) {
        open.add(opened.connection());
        getContext().watchWith(opened.connection(), new Gone(opened.connection()));
        if (goingAway) {
            opened.connection().tell(ChatConnection.Signal.GO_AWAY);
        }
        return this;
    }

    private Behavior<Command> register(Register register) {
        ChatProtocol.User user = register.user();
        if (names.putIfAbsent(user.name(), register.connection()) != null) {
            register.connection().tell(ChatConnection.Signal.NAME_TAKEN);
            return this;
        }
        members.put(register.connection(), user);
        Room room =
                rooms.computeIfAbsent(user.chat(), chat -> new Room(getContext().spawnAnonymous(ChatRoom.create())));
        room.members++;
        room.actor.tell(new ChatRoom.Join(register.connection(), register.outbox()));
        return this;
    }

    /** Frees what {@code connection} holds, if anything: a connection leaves once, whichever way comes first. */
    private Behavior<Command> release(ActorRef<ChatConnection.Command> connection) {
        ChatProtocol.User user = members.remove(connection);
        if (user == null) {
            return this;
        }
        names.remove(user.name());
        Room room = rooms.get(user.chat());
        if (--room.members == 0) {
            rooms.remove(user.chat());
            getContext().stop(room.actor);
        } else {
            room.actor.tell(new ChatRoom.Leave(connection));
        }
        return this;
    }

    private Behavior<Command> gone(Gone gone) {
        open.remove(gone.connection());
        release(gone.connection());
        if (goingAway && open.isEmpty()) {
            awaitingClosed.forEach(closed -> closed.tell(Done.done()));
            awaitingClosed.clear();
        }
        return this;
    }

    private Behavior<Command> goAway(GoAway goAway) {
        goingAway = true;
        open.forEach(connection -> connection.tell(ChatConnection.Signal.GO_AWAY));
        if (open.isEmpty()) {
            goAway.closed().tell(Done.done());
        } else {
            awaitingClosed.add(goAway.closed());
        }
        return this;
    }
}
