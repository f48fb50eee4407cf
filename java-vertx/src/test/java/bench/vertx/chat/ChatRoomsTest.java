package bench.vertx.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.vertx.ChatFanout;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Both fan-outs: names are unique, a room's members get every frame once and in order, leavers get nothing. */
@ExtendWith(VertxExtension.class)
class ChatRoomsTest {
    @ParameterizedTest
    @EnumSource(ChatFanout.class)
    void namesAndFanOut(ChatFanout fanout, Vertx vertx, VertxTestContext test) {
        ChatRooms rooms = ChatRooms.create(fanout, vertx);
        assertTrue(rooms.claim("ann"));
        assertFalse(rooms.claim("ann"));
        rooms.release("ann");
        assertTrue(rooms.claim("ann"));

        List<String> ann = new CopyOnWriteArrayList<>();
        List<String> bob = new CopyOnWriteArrayList<>();
        List<String> elsewhere = new CopyOnWriteArrayList<>();
        ChatRooms.Member bobMember = bob::add;
        vertx.runOnContext(v -> {
            rooms.join("room", ann::add);
            rooms.join("room", bobMember);
            rooms.join("other", elsewhere::add);
            for (int i = 0; i < 100; i++) {
                rooms.publish("room", "m" + i);
            }
        });
        // Deliveries hop between event loops: wait for them instead of guessing how long they take.
        when(vertx, () -> ann.size() == 100 && bob.size() == 100, () -> {
            rooms.leave("room", bobMember);
            rooms.publish("room", "after");
            when(
                    vertx,
                    () -> ann.size() == 101,
                    () -> vertx.setTimer(
                            50,
                            t -> test.verify(() -> {
                                for (int i = 0; i < 100; i++) {
                                    assertEquals("m" + i, ann.get(i));
                                    assertEquals("m" + i, bob.get(i));
                                }
                                assertEquals("after", ann.get(100));
                                assertEquals(100, bob.size(), "a member that left gets nothing more");
                                assertEquals(List.of(), elsewhere);
                                test.completeNow();
                            })));
        });
    }

    /** Leaving behind its own frames: every frame the member published first reaches it, nothing after. */
    @ParameterizedTest
    @EnumSource(ChatFanout.class)
    void leavingAfterOwnFrames(ChatFanout fanout, Vertx vertx, VertxTestContext test) {
        ChatRooms rooms = ChatRooms.create(fanout, vertx);
        List<String> ann = new CopyOnWriteArrayList<>();
        ChatRooms.Member annMember = ann::add;
        List<String> bob = new CopyOnWriteArrayList<>();
        vertx.runOnContext(v -> {
            rooms.join("room", annMember);
            rooms.join("room", bob::add);
            for (int i = 0; i < 100; i++) {
                rooms.publish("room", "m" + i);
            }
            rooms.leaveAfterOwnFrames("room", annMember).onComplete(test.succeeding(left -> {
                test.verify(() -> assertEquals(100, ann.size(), "its own frames first"));
                rooms.publish("room", "after");
                when(
                        vertx,
                        () -> bob.size() == 101,
                        () -> test.verify(() -> {
                            for (int i = 0; i < 100; i++) {
                                assertEquals("m" + i, ann.get(i));
                            }
                            assertEquals(100, ann.size(), "nothing after it left");
                            assertEquals("after", bob.get(100), "the others stay, and ignore its leaving");
                            test.completeNow();
                        }));
            }));
        });
    }

    private static void when(Vertx vertx, BooleanSupplier condition, Runnable then) {
        vertx.setPeriodic(5, id -> {
            if (condition.getAsBoolean()) {
                vertx.cancelTimer(id);
                then.run();
            }
        });
    }
}
