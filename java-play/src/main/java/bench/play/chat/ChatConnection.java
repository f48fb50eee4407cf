package bench.play.chat;

import bench.contract.chat.ChatProtocol;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import play.api.http.websocket.BinaryMessage;
import play.api.http.websocket.CloseMessage;
import play.api.http.websocket.Message;
import play.api.http.websocket.TextMessage;

/**
 * The actor of one WebSocket: unregistered, then a member of its room, then closing. Its stream hands it one frame at a
 * time and reads the next once {@link Frame#read} is answered: after the room has relayed a message to every member,
 * or at once for a frame that ends the connection. So its frames are dealt with in the order they arrive, its own
 * messages reach its {@link ChatOutbox} before the system frame of a later violation, and the first violation wins:
 * whatever arrives behind it is read and ignored until the peer's close frame, which Play's WebSocket handler waits
 * for (spec/API.md §7.4).
 */
final class ChatConnection {
    /** What the actor hears: from its stream, its room, the rooms' registry. */
    sealed interface Command {}

    /** A frame from the peer; the stream reads the next one once {@code read} is told. */
    record Frame(Message message, ActorRef<Done> read) implements Command {}

    /** The registration took: the connection is a member of {@code room}. */
    record Joined(ActorRef<ChatRoom.Command> room) implements Command {}

    enum Signal implements Command {
        /** The registration's name is held by another connection. */
        NAME_TAKEN,
        /** The room cut this member: its outbox passed the bound and is closing with 1013. */
        TOO_SLOW,
        /** The server is shutting down. */
        GO_AWAY,
        /** The stream is over: the close handshake is done, or the connection is gone. */
        ENDED
    }

    private static final int POLICY_VIOLATION = 1008;
    private static final int UNSUPPORTED_DATA = 1003;
    private static final int MESSAGE_TOO_BIG = 1009;
    private static final int GOING_AWAY = 1001;

    private final ActorContext<Command> context;
    private final ActorRef<ChatRooms.Command> rooms;
    private final ChatOutbox outbox;

    private ChatConnection(ActorContext<Command> context, ActorRef<ChatRooms.Command> rooms, ChatOutbox outbox) {
        this.context = context;
        this.rooms = rooms;
        this.outbox = outbox;
    }

    static Behavior<Command> create(ActorRef<ChatRooms.Command> rooms, ChatOutbox outbox) {
        return Behaviors.setup(context -> {
            rooms.tell(new ChatRooms.Opened(context.getSelf()));
            return new ChatConnection(context, rooms, outbox).unregistered();
        });
    }

    private Behavior<Command> unregistered() {
        return Behaviors.receive(Command.class)
                .onMessage(Frame.class, frame -> receive(frame, this::register))
                .onMessageEquals(Signal.GO_AWAY, () -> close(GOING_AWAY, null, null))
                .onMessageEquals(Signal.ENDED, this::ended)
                .build();
    }

    private Behavior<Command> register(String text, Frame frame) {
        ChatProtocol.User user = ChatProtocol.readRegistration(text);
        rooms.tell(new ChatRooms.Register(user, context.getSelf(), outbox));
        return registering(user, frame.read());
    }

    /** Waiting for the registry, with the registration frame not yet answered: nothing more is read meanwhile. */
    private Behavior<Command> registering(ChatProtocol.User user, ActorRef<Done> read) {
        return Behaviors.receive(Command.class)
                .onMessage(Joined.class, joined -> {
                    read.tell(Done.done());
                    return member(user, joined.room());
                })
                .onMessageEquals(
                        Signal.NAME_TAKEN,
                        () -> close(POLICY_VIOLATION, ChatProtocol.systemFrame(ChatProtocol.TAKEN_NAME), read))
                .onMessageEquals(Signal.GO_AWAY, () -> close(GOING_AWAY, null, read))
                .onMessageEquals(Signal.ENDED, this::ended)
                .build();
    }

    private Behavior<Command> member(ChatProtocol.User user, ActorRef<ChatRoom.Command> room) {
        return Behaviors.receive(Command.class)
                .onMessage(Frame.class, frame -> receive(frame, (text, f) -> relay(user, room, text, f)))
                .onMessageEquals(Signal.TOO_SLOW, () -> {
                    rooms.tell(new ChatRooms.Leave(context.getSelf()));
                    return closing();
                })
                .onMessageEquals(Signal.GO_AWAY, () -> close(GOING_AWAY, null, null))
                .onMessageEquals(Signal.ENDED, this::ended)
                .build();
    }

    private Behavior<Command> relay(ChatProtocol.User user, ActorRef<ChatRoom.Command> room, String text, Frame frame) {
        ChatProtocol.checkMessage(text, user);
        // The room answers the stream itself, once the message is in every member's outbox.
        room.tell(new ChatRoom.Publish(text, ChatProtocol.utf8Length(text), frame.read()));
        return Behaviors.same();
    }

    /** After the first violation, the peer's close or the server's: every frame is read and ignored. */
    private Behavior<Command> closing() {
        return Behaviors.receive(Command.class)
                .onMessage(Frame.class, frame -> {
                    frame.read().tell(Done.done());
                    return Behaviors.same();
                })
                .onMessageEquals(Signal.ENDED, this::ended)
                .onAnyMessage(ignored -> Behaviors.same())
                .build();
    }

    @FunctionalInterface
    private interface TextHandler {
        Behavior<Command> receive(String text, Frame frame);
    }

    /** The rules every frame meets first: text only, at most 64 KiB, a protocol violation closes. */
    private Behavior<Command> receive(Frame frame, TextHandler onText) {
        Message message = frame.message();
        if (message instanceof TextMessage text) {
            if (ChatProtocol.utf8Length(text.data()) > ChatProtocol.MAX_MESSAGE_BYTES) {
                return close(MESSAGE_TOO_BIG, null, frame.read());
            }
            try {
                return onText.receive(text.data(), frame);
            } catch (ChatProtocol.Violation violation) {
                return close(POLICY_VIOLATION, ChatProtocol.systemFrame(violation.getMessage()), frame.read());
            }
        }
        if (message instanceof BinaryMessage) {
            return close(UNSUPPORTED_DATA, null, frame.read());
        }
        frame.read().tell(Done.done());
        if (message instanceof CloseMessage) {
            // The peer closes; Play answers its close frame. The name is free again from now on (spec/API.md §7.6).
            rooms.tell(new ChatRooms.Leave(context.getSelf()));
            return closing();
        }
        return Behaviors.same(); // a ping (Play has answered it) or a pong
    }

    /**
     * Out of the room and the name released at once, then the system frame (if any) and the close frame go out
     * behind whatever the outbox already holds. {@code read}, the frame that caused it, is answered so that the stream
     * reads on until the peer's close frame.
     */
    private Behavior<Command> close(int code, String systemFrame, ActorRef<Done> read) {
        outbox.close(code, systemFrame);
        rooms.tell(new ChatRooms.Leave(context.getSelf()));
        if (read != null) {
            read.tell(Done.done());
        }
        return closing();
    }

    private Behavior<Command> ended() {
        outbox.abandon();
        return Behaviors.stopped(); // the registry watches this actor and releases what it held
    }
}
