package bench.play.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import bench.play.chat.ChatOutbox.Offer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.javadsl.Sink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import play.api.http.websocket.CloseMessage;
import play.api.http.websocket.Message;
import play.api.http.websocket.TextMessage;

/** A member's outbox (spec/API.md §7.4, §7.5): the order of its frames, the close, the 1 MiB bound, the waits. */
class ChatOutboxTest {
    private static final int KIB_64 = 64 * 1024;
    private static final TextMessage BIG = new TextMessage("x".repeat(KIB_64));

    private static ActorSystem system;
    private static Materializer materializer;

    @BeforeAll
    static void start() {
        system = ActorSystem.create("outbox");
        materializer = Materializer.matFromSystem(system);
    }

    @AfterAll
    static void stop() {
        system.terminate();
    }

    /** The socket's side of an outbox: it takes frames only when told to. */
    private static final class Socket implements Subscriber<Message> {
        private final BlockingQueue<Message> frames = new LinkedBlockingQueue<>();
        private final CompletableFuture<Subscription> subscription = new CompletableFuture<>();

        static Socket of(ChatOutbox outbox) {
            Socket socket = new Socket();
            outbox.source().runWith(Sink.fromSubscriber(socket), materializer);
            return socket;
        }

        List<Message> take(int count) throws Exception {
            subscription.get(5, TimeUnit.SECONDS).request(count);
            List<Message> taken = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                taken.add(frames.poll(5, TimeUnit.SECONDS));
            }
            return taken;
        }

        @Override
        public void onSubscribe(Subscription s) {
            subscription.complete(s);
        }

        @Override
        public void onNext(Message message) {
            frames.add(message);
        }

        @Override
        public void onError(Throwable failure) {}

        @Override
        public void onComplete() {}
    }

    @Test
    void theSystemFrameAndTheCloseComeAfterWhatIsQueuedAndNothingAfterThem() throws Exception {
        ChatOutbox outbox = new ChatOutbox();
        Socket socket = Socket.of(outbox);
        assertEquals(Offer.QUEUED, outbox.offer(new TextMessage("one"), 3));
        assertEquals(Offer.QUEUED, outbox.offer(new TextMessage("two"), 3));
        outbox.close(1008, "{\"type\":\"system\",\"message\":\"why\"}");
        outbox.close(1001, null); // the first close wins
        assertEquals(Offer.CLOSED, outbox.offer(new TextMessage("late"), 4));
        assertEquals(
                List.of(
                        new TextMessage("one"),
                        new TextMessage("two"),
                        new TextMessage("{\"type\":\"system\",\"message\":\"why\"}"),
                        CloseMessage.apply(1008, "")),
                socket.take(4));
    }

    @Test
    void aMemberIsCutPastOneMebibyteNotTakenWith1013BehindItsBacklog() throws Exception {
        ChatOutbox outbox = new ChatOutbox();
        Socket socket = Socket.of(outbox);
        for (int i = 0; i < 16; i++) { // exactly 1 MiB fits
            assertTrue(outbox.offer(BIG, KIB_64) != Offer.CUT, "frame " + i);
        }
        assertEquals(Offer.CUT, outbox.offer(new TextMessage("x"), 1));
        assertEquals(Offer.CLOSED, outbox.offer(new TextMessage("x"), 1));
        List<Message> frames = socket.take(17);
        assertEquals(BIG, frames.get(15));
        assertEquals(CloseMessage.apply(1013, ""), frames.get(16));
    }

    @Test
    void framesTakenBySocketNoLongerCount() throws Exception {
        ChatOutbox outbox = new ChatOutbox();
        Socket socket = Socket.of(outbox);
        for (int i = 0; i < 16; i++) {
            outbox.offer(BIG, KIB_64);
        }
        socket.take(1); // the socket takes one frame: room for one more
        assertTrue(outbox.offer(BIG, KIB_64) != Offer.CUT);
    }

    @Test
    void aRelayWaitsForAMemberBehindUntilItCatchesUp() throws Exception {
        ChatOutbox outbox = new ChatOutbox();
        Socket socket = Socket.of(outbox);
        long began = System.nanoTime();
        Offer last = null;
        for (int i = 0; i < 6; i++) { // 384 KiB: past the 256 KiB after which a relay waits
            last = outbox.offer(BIG, KIB_64);
        }
        assumeTrue(
                System.nanoTime() - began < ChatOutbox.STALLED_NANOS, "too slow a machine to tell behind from stalled");
        assertEquals(Offer.BEHIND, last);
        CompletableFuture<Void> caughtUp = outbox.caughtUp();
        assertFalse(caughtUp.isDone());
        socket.take(1);
        assertFalse(caughtUp.isDone(), "still 320 KiB behind");
        socket.take(1);
        caughtUp.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aSocketThatTookNothingForAWhileIsNotWaitedFor() throws InterruptedException {
        ChatOutbox outbox = new ChatOutbox();
        Socket.of(outbox);
        outbox.offer(BIG, KIB_64);
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(ChatOutbox.STALLED_NANOS) + 50);
        for (int i = 0; i < 4; i++) {
            assertEquals(Offer.QUEUED, outbox.offer(BIG, KIB_64));
        }
    }

    @Test
    void aClosedMemberIsNotWaitedFor() {
        ChatOutbox outbox = new ChatOutbox();
        Socket.of(outbox);
        for (int i = 0; i < 5; i++) {
            outbox.offer(BIG, KIB_64);
        }
        CompletableFuture<Void> caughtUp = outbox.caughtUp();
        outbox.abandon();
        assertTrue(caughtUp.isDone());
        assertTrue(outbox.caughtUp().isDone());
        assertEquals(Offer.CLOSED, outbox.offer(BIG, KIB_64));
    }
}
