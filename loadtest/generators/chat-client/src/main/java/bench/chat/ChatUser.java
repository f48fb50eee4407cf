package bench.chat;

import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.Histogram;

/**
 * One user: its WebSocket's listener, which checks every delivery with the {@link DeliveryLedger} and times the
 * measured ones, and its {@link Sender}. The JDK calls a listener sequentially, so the receiving state needs no lock.
 */
final class ChatUser implements WebSocket.Listener {
    final int index;
    final String name;
    final String room;
    final Sender sender;
    final Histogram fromIntended = Latencies.histogram();
    final Histogram fromSent = Latencies.histogram();
    final CountDownLatch closed = new CountDownLatch(1);
    volatile WebSocket ws;
    volatile boolean closing;
    volatile long lastDeliveryNs;
    private final RunContext run;
    private final long[] fields = new long[4];
    private final StringBuilder partial = new StringBuilder();

    ChatUser(int index, String name, String room, RunContext run) {
        this.index = index;
        this.name = name;
        this.room = room;
        this.run = run;
        this.sender = new Sender(this, run);
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(Long.MAX_VALUE);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        if (!last) {
            partial.append(data);
            return null;
        }
        long now = run.clock().now();
        CharSequence text = data;
        if (!partial.isEmpty()) text = partial.append(data).toString();
        partial.setLength(0);
        receive(text, now);
        return null;
    }

    void receive(CharSequence text, long now) {
        RunCounters counters = run.counters();
        counters.deliveries.increment();
        if (!Wire.parse(text, fields)) {
            if (Wire.isSystem(text)) {
                counters.systemFrames.increment();
                counters.error(name + " got a system frame: " + text);
            } else {
                run.ledger().recordUnreadable(index);
                counters.error(name + " got an unreadable frame: "
                        + text.toString().substring(0, Math.min(200, text.length())));
            }
            return;
        }
        DeliveryLedger.Outcome outcome = run.ledger().record(index, (int) fields[0], fields[1]);
        if (outcome == DeliveryLedger.Outcome.OK || outcome == DeliveryLedger.Outcome.REORDERED) {
            counters.firstDeliveries.increment();
            lastDeliveryNs = now;
            if (fields[1] >= run.warmupMessages()) {
                Latencies.recordNanos(fromIntended, now - fields[2]);
                Latencies.recordNanos(fromSent, now - fields[3]);
            }
        }
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        if (last) {
            run.counters().binaryFrames.increment();
            run.counters().error(name + " got a binary frame");
        }
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        if (!closing) {
            run.counters().closedByServer(statusCode);
            run.counters().error(name + " closed by the server: " + statusCode + " " + reason);
        }
        sender.markDead();
        closed.countDown();
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        if (!closing) {
            run.counters().listenerErrors.increment();
            run.counters().error(name + ": " + error);
        }
        sender.markDead();
        closed.countDown();
    }
}
