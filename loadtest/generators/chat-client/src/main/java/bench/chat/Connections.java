package bench.chat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Every user's WebSocket: opened all at once, registered (spec/API.md §7.1; no acknowledgement exists, so the
 * caller's settle period covers it), and closed at the end. A user that cannot connect or register sends nothing.
 */
final class Connections {
    private Connections() {}

    static void open(ChatUser[] users, String host, int port, RunCounters counters) {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        URI uri = URI.create("ws://" + host + ":" + port + "/chat");
        List<CompletableFuture<WebSocket>> connecting = new ArrayList<>();
        for (ChatUser u : users)
            connecting.add(http.newWebSocketBuilder()
                    .connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(uri, u));
        for (int i = 0; i < users.length; i++) {
            try {
                users[i].ws = connecting.get(i).get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                counters.refused.increment();
                counters.error(users[i].name + " could not connect: " + (e.getCause() != null ? e.getCause() : e));
                users[i].sender.markDead();
            }
        }
    }

    static void register(ChatUser[] users, RunCounters counters) {
        for (ChatUser u : users) {
            if (u.ws == null) continue;
            try {
                u.ws.sendText(Wire.registration(u.name, u.room), true).get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                counters.sendFailures.increment();
                counters.error(u.name + " could not register: " + e);
                u.sender.markDead();
            }
        }
    }

    /** A normal close from every user, then up to 5 s for the server's answers; a socket still open is aborted. */
    static void close(ChatUser[] users) throws InterruptedException {
        for (ChatUser u : users) {
            if (u.ws == null) continue;
            u.closing = true;
            try {
                u.ws.sendClose(WebSocket.NORMAL_CLOSURE, "done");
            } catch (RuntimeException ignored) {
                // already closed
            }
        }
        long closeBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (ChatUser u : users) {
            if (u.ws == null) continue;
            if (!u.closed.await(Math.max(0, closeBy - System.nanoTime()), TimeUnit.NANOSECONDS)) u.ws.abort();
        }
    }
}
