package bench.chat;

import java.net.http.WebSocket;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.Histogram;

/**
 * One user's outgoing messages. The JDK's WebSocket takes one send at a time, so a message that falls due while the
 * previous one is still being written waits in a backlog, and its lateness shows in {@link #sendLag} and in the
 * latency from its scheduled time. After a failed send, or once the socket is closed, the user sends nothing more.
 */
final class Sender {
    final Histogram sendLag =
            Latencies.histogram(); // sent − scheduled, measured messages: the client's (or TCP's) lateness
    private final ChatUser user;
    private final RunContext run;
    // guarded by this
    private final ArrayDeque<long[]> backlog = new ArrayDeque<>();
    private boolean inFlight;
    private boolean dead;
    private long sent;

    Sender(ChatUser user, RunContext run) {
        this.user = user;
        this.run = run;
    }

    /** Called by the pacer when message seq is due; sends now, or after the one still being written. */
    void submit(long seq, long intendedNs) {
        synchronized (this) {
            if (dead) return;
            if (inFlight) {
                backlog.add(new long[] {seq, intendedNs});
                return;
            }
            inFlight = true;
        }
        send(seq, intendedNs);
    }

    private void send(long seq, long intendedNs) {
        long now = run.clock().now();
        if (seq >= run.warmupMessages())
            Latencies.recordNanos(sendLag, now - intendedNs); // one send at a time per user
        CompletableFuture<WebSocket> f;
        try {
            f = user.ws.sendText(Wire.message(user.name, user.room, user.index, seq, intendedNs, now), true);
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        // Async: a send that completes at once must not recurse through the backlog on this stack.
        f.whenCompleteAsync(
                (w, err) -> {
                    long[] next;
                    synchronized (this) {
                        if (err != null) {
                            if (!dead && !user.closing) {
                                run.counters().sendFailures.increment();
                                run.counters().error(user.name + " send failed: " + err);
                            }
                            inFlight = false;
                            dead = true;
                            backlog.clear();
                            return;
                        }
                        sent++;
                        next = backlog.poll();
                        if (next == null) {
                            inFlight = false;
                            return;
                        }
                    }
                    send(next[0], next[1]);
                },
                run.sendCompletions());
    }

    synchronized void markDead() {
        dead = true;
        backlog.clear();
    }

    synchronized boolean idle() {
        return !inFlight && backlog.isEmpty();
    }

    synchronized long sentCount() {
        return sent;
    }
}
