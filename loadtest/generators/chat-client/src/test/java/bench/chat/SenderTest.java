package bench.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One send in flight per user, the rest in order behind it; a failed send ends the user's sending. */
class SenderTest {
    private final RunCounters counters = new RunCounters();
    private final FakeWebSocket ws = new FakeWebSocket();
    private final ChatUser user = user(2);

    private ChatUser user(int warmup) {
        RunContext run =
                new RunContext(warmup, new RunClock(), counters, new DeliveryLedger(new int[] {0}, 10), Runnable::run);
        ChatUser u = new ChatUser(0, "t-u0", "t-room0", run);
        u.ws = ws;
        return u;
    }

    private List<Long> seqs() {
        long[] fields = new long[4];
        return ws.texts.stream()
                .map(t -> {
                    assertTrue(Wire.parse(t, fields));
                    return fields[1];
                })
                .toList();
    }

    @Test
    void messagesDueWhileOneIsBeingWrittenWaitAndGoInOrder() {
        user.sender.submit(0, 100);
        user.sender.submit(1, 200);
        user.sender.submit(2, 300);
        assertEquals(List.of(0L), seqs(), "one send at a time");
        assertFalse(user.sender.idle());
        ws.completeNext();
        assertEquals(List.of(0L, 1L), seqs());
        ws.completeNext();
        ws.completeNext();
        assertEquals(List.of(0L, 1L, 2L), seqs());
        assertEquals(3, user.sender.sentCount());
        assertTrue(user.sender.idle());
    }

    @Test
    void theMessageCarriesItsScheduledTimeAndSender() {
        user.sender.submit(0, 12_345);
        long[] fields = new long[4];
        assertTrue(Wire.parse(ws.texts.get(0), fields));
        assertEquals(0, fields[0]);
        assertEquals(12_345, fields[2]);
        assertTrue(fields[3] >= 0);
        assertTrue(ws.texts.get(0).startsWith("{\"name\":\"t-u0\",\"chat\":\"t-room0\","));
    }

    @Test
    void onlyMeasuredMessagesCountTowardsSendLag() {
        for (int q = 0; q < 5; q++) {
            user.sender.submit(q, 0);
            ws.completeNext();
        }
        assertEquals(3, user.sender.sendLag.getTotalCount(), "messages 2, 3, 4 are past the warm-up of 2");
    }

    @Test
    void aFailedSendIsCountedAndEndsTheUsersSending() {
        user.sender.submit(0, 0);
        user.sender.submit(1, 0);
        ws.failNext(new IOException("broken pipe"));
        assertEquals(1, counters.sendFailures.sum());
        assertTrue(counters.errorExamples().get(0).startsWith("t-u0 send failed: "));
        assertTrue(user.sender.idle(), "the backlog is dropped");
        user.sender.submit(2, 0);
        assertEquals(List.of(0L), seqs(), "nothing is sent after a failure");
        assertEquals(0, user.sender.sentCount());
    }

    @Test
    void aSendFailingWhileTheClientClosesIsNotAnError() {
        user.sender.submit(0, 0);
        user.closing = true;
        ws.failNext(new IOException("closed"));
        assertEquals(0, counters.sendFailures.sum());
        assertTrue(counters.errorExamples().isEmpty());
    }

    @Test
    void aDeadUserSendsNothing() {
        user.sender.markDead();
        user.sender.submit(0, 0);
        assertTrue(ws.texts.isEmpty());
    }
}
