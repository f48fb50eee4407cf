package bench.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** What one user's listener makes of each frame: verified by the ledger, timed past the warm-up, errors counted. */
class ChatUserTest {
    private final RunCounters counters = new RunCounters();
    private final DeliveryLedger ledger = new DeliveryLedger(new int[] {0, 0}, 10); // two users, one room
    private final RunContext run = new RunContext(2, new RunClock(), counters, ledger, Runnable::run);
    private final ChatUser user = new ChatUser(1, "t-u1", "t-room0", run);
    private final FakeWebSocket ws = new FakeWebSocket();

    private static String message(int sender, long seq) {
        return Wire.message("t-u" + sender, "t-room0", sender, seq, 0, 0);
    }

    @Test
    void aFragmentedFrameIsReadWhole() {
        String text = message(0, 5);
        user.onText(ws, text.substring(0, 10), false);
        user.onText(ws, text.substring(10, 30), false);
        user.onText(ws, text.substring(30), true);
        assertEquals(1, counters.deliveries.sum());
        assertEquals(1, counters.firstDeliveries.sum());
        assertEquals(1, user.fromIntended.getTotalCount());
        assertEquals(1, user.fromSent.getTotalCount());
        assertTrue(user.lastDeliveryNs > 0);
    }

    @Test
    void warmUpDeliveriesAreVerifiedButNotTimed() {
        for (int q = 0; q < 4; q++) user.onText(ws, message(0, q), true);
        assertEquals(4, counters.firstDeliveries.sum());
        assertEquals(2, user.fromIntended.getTotalCount(), "messages 2 and 3 only");
        assertEquals(2, user.fromSent.getTotalCount());
    }

    @Test
    void aDuplicateIsAFrameButNotAFirstDelivery() {
        user.onText(ws, message(0, 3), true);
        user.onText(ws, message(0, 3), true);
        assertEquals(2, counters.deliveries.sum());
        assertEquals(1, counters.firstDeliveries.sum());
        assertEquals(1, user.fromIntended.getTotalCount());
        DeliveryLedger.Result r = ledger.finish(new long[] {4, 0}, 10);
        assertEquals(1, r.duplicates());
    }

    @Test
    void systemUnreadableAndBinaryFramesAreCountedApart() {
        user.onText(ws, "{\"type\":\"system\",\"message\":\"A user with that name already exists\"}", true);
        user.onText(ws, "hello", true);
        user.onBinary(ws, ByteBuffer.allocate(1), false);
        user.onBinary(ws, ByteBuffer.allocate(1), true);
        assertEquals(2, counters.deliveries.sum());
        assertEquals(1, counters.systemFrames.sum());
        assertEquals(1, counters.binaryFrames.sum(), "one frame, however many parts");
        assertEquals(1, ledger.finish(new long[] {0, 0}, 10).unknown(), "the unreadable frame");
        assertEquals(3, counters.errorExamples().size());
        assertTrue(counters.errorExamples().get(1).startsWith("t-u1 got an unreadable frame: hello"));
    }

    @Test
    void aCloseByTheServerIsCountedByCodeAndStopsSending() {
        user.onClose(ws, 1013, "try again later");
        assertEquals(java.util.Map.of("1013", 1L), counters.closes());
        assertEquals(
                "t-u1 closed by the server: 1013 try again later",
                counters.errorExamples().get(0));
        assertEquals(0, user.closed.getCount());
        user.ws = ws;
        user.sender.submit(0, 0);
        assertTrue(ws.texts.isEmpty(), "a closed user sends nothing");
    }

    @Test
    void theClientsOwnCloseIsNoError() {
        user.closing = true;
        user.onClose(ws, 1000, "done");
        user.onError(ws, new RuntimeException("late"));
        assertTrue(counters.closes().isEmpty());
        assertEquals(0, counters.listenerErrors.sum());
        assertTrue(counters.errorExamples().isEmpty());
    }
}
