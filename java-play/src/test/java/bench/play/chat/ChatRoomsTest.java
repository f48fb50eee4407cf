package bench.play.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import bench.contract.chat.ChatProtocol;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.javadsl.AsPublisher;
import org.apache.pekko.stream.javadsl.Sink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import play.api.http.websocket.Message;
import play.api.http.websocket.TextMessage;

/**
 * The registry and its rooms, with stand-ins for the connections: names are unique across rooms and free again once
 * their connection leaves or is gone; a room relays to its members only, in order; a member over the bound is cut.
 */
class ChatRoomsTest {
    private static ActorSystem<Void> system;
    private static int actors;

    @BeforeAll
    static void start() {
        system = ActorSystem.create(Behaviors.empty(), "rooms");
    }

    @AfterAll
    static void stop() {
        system.terminate();
    }

    /** A connection's actor as the registry and its room see it: it records what it is told, and ENDED stops it. */
    private static final class Connection {
        final BlockingQueue<ChatConnection.Command> heard = new LinkedBlockingQueue<>();
        final BlockingQueue<Message> socket = new LinkedBlockingQueue<>();
        final ChatOutbox outbox = new ChatOutbox();
        final ActorRef<ChatConnection.Command> actor;

        Connection(ActorRef<ChatRooms.Command> rooms, boolean reading) {
            Behavior<ChatConnection.Command> recording = Behaviors.receiveMessage(command -> {
                heard.add(command);
                return command == ChatConnection.Signal.ENDED ? Behaviors.stopped() : Behaviors.same();
            });
            actor = system.systemActorOf(recording, "connection-" + ++actors, Props.empty());
            Materializer materializer = Materializer.matFromSystem(system);
            if (reading) {
                outbox.source().runWith(Sink.foreach(socket::add), materializer);
            } else {
                outbox.source().runWith(Sink.asPublisher(AsPublisher.WITHOUT_FANOUT), materializer); // never asks
            }
            rooms.tell(new ChatRooms.Opened(actor));
        }

        ChatConnection.Command next() throws InterruptedException {
            return heard.poll(5, TimeUnit.SECONDS);
        }

        ActorRef<ChatRoom.Command> register(ActorRef<ChatRooms.Command> rooms, String name, String room)
                throws InterruptedException {
            rooms.tell(new ChatRooms.Register(new ChatProtocol.User(name, room), actor, outbox));
            return assertInstanceOf(ChatConnection.Joined.class, next()).room();
        }

        List<String> read(int frames) throws InterruptedException {
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < frames; i++) {
                texts.add(((TextMessage) socket.poll(5, TimeUnit.SECONDS)).data());
            }
            return texts;
        }
    }

    private static ActorRef<ChatRooms.Command> registry() {
        return system.systemActorOf(ChatRooms.create(), "registry-" + ++actors, Props.empty());
    }

    private static void publish(ActorRef<ChatRoom.Command> room, String text) throws InterruptedException {
        BlockingQueue<Done> relayed = new LinkedBlockingQueue<>();
        ActorRef<Done> reply = system.systemActorOf(
                Behaviors.<Done>receiveMessage(done -> {
                    relayed.add(done);
                    return Behaviors.stopped();
                }),
                "relayed-" + ++actors,
                Props.empty());
        room.tell(new ChatRoom.Publish(text, ChatProtocol.utf8Length(text), reply));
        assertEquals(Done.done(), relayed.poll(5, TimeUnit.SECONDS), "the sender reads on once relayed");
    }

    @Test
    void namesAreUniqueAcrossRoomsAndFreeAgainOnceTheirConnectionLeavesOrIsGone() throws InterruptedException {
        ActorRef<ChatRooms.Command> rooms = registry();
        Connection ann = new Connection(rooms, true);
        ann.register(rooms, "ann", "one");

        Connection intruder = new Connection(rooms, true);
        rooms.tell(new ChatRooms.Register(new ChatProtocol.User("ann", "two"), intruder.actor, intruder.outbox));
        assertEquals(ChatConnection.Signal.NAME_TAKEN, intruder.next());

        rooms.tell(new ChatRooms.Leave(ann.actor));
        intruder.register(rooms, "ann", "two");

        intruder.actor.tell(ChatConnection.Signal.ENDED); // its actor stops: the registry hears of it a moment later
        Connection third = new Connection(rooms, true);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        ChatConnection.Command answer;
        do {
            rooms.tell(new ChatRooms.Register(new ChatProtocol.User("ann", "one"), third.actor, third.outbox));
            answer = third.next();
        } while (answer == ChatConnection.Signal.NAME_TAKEN && System.nanoTime() < deadline);
        assertInstanceOf(ChatConnection.Joined.class, answer);
    }

    @Test
    void aRoomRelaysToItsMembersInOrderTheSenderIncludedAndToNoOneElse() throws InterruptedException {
        ActorRef<ChatRooms.Command> rooms = registry();
        Connection ann = new Connection(rooms, true);
        Connection bob = new Connection(rooms, true);
        Connection elsewhere = new Connection(rooms, true);
        ActorRef<ChatRoom.Command> room = ann.register(rooms, "ann", "room");
        assertEquals(room, bob.register(rooms, "bob", "room"));
        elsewhere.register(rooms, "eve", "other");

        for (int i = 0; i < 100; i++) {
            publish(room, "m" + i);
        }
        List<String> expected = IntStream.range(0, 100).mapToObj(i -> "m" + i).toList();
        assertEquals(expected, ann.read(100));
        assertEquals(expected, bob.read(100));

        rooms.tell(new ChatRooms.Leave(bob.actor));
        bob.register(rooms, "bob", "other"); // the Leave has reached the room by now
        publish(room, "after");
        assertEquals(List.of("after"), ann.read(1));
        assertNull(bob.socket.poll(100, TimeUnit.MILLISECONDS), "a member that left gets nothing more");
        assertNull(elsewhere.socket.poll(100, TimeUnit.MILLISECONDS), "another room gets nothing");
    }

    @Test
    void aMemberWhoseSocketTakesNothingIsCutAndTheRoomGoesOn() throws InterruptedException {
        ActorRef<ChatRooms.Command> rooms = registry();
        Connection reader = new Connection(rooms, true);
        Connection stalled = new Connection(rooms, false);
        ActorRef<ChatRoom.Command> room = reader.register(rooms, "reader", "room");
        stalled.register(rooms, "stalled", "room");

        String big = "x".repeat(64 * 1024);
        for (int i = 0; i < 17; i++) { // the 17th passes 1 MiB
            publish(room, big);
        }
        assertEquals(ChatConnection.Signal.TOO_SLOW, stalled.next());
        publish(room, "still here");
        assertEquals(18, reader.read(18).size());
    }
}
