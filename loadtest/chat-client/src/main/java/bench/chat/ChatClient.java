package bench.chat;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The chat load client: {@code rooms × usersPerRoom} WebSocket users in this one JVM speak spec/API.md §7 to one
 * server. They connect, register, wait {@code settle}, then each sends {@code warmup + messages} messages, one
 * every {@code interval}, on a fixed schedule (open loop: a slow server does not slow the schedule down). Every
 * delivery is checked by {@link DeliveryLedger} and, past the warm-up, timed from the message's scheduled send
 * time and from its actual send time, on this process's one monotonic clock ({@link System#nanoTime()}).
 * Then it waits for the deliveries still in flight, closes every socket, and writes a JSON report.
 *
 * <p>Exit status: 0 when the run completed (its verdict is in the report), 2 on bad arguments, 1 on a crash.
 * {@code java -jar chat-client.jar merge <histogram files>} prints merged percentiles instead (see {@link Latencies}).
 */
public final class ChatClient {

    record Options(String host, int port, int rooms, int usersPerRoom, int messages, int warmup, long intervalMs,
                   long settleMs, long drainIdleMs, long maxSeconds, Path out, Path histograms, String prefix) {

        static Options parse(String[] args) {
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < args.length; i++) {
                if (!args[i].startsWith("--") || i + 1 >= args.length) throw new IllegalArgumentException("expected --name value, got " + args[i]);
                m.put(args[i].substring(2), args[++i]);
            }
            Options o = new Options(m.getOrDefault("host", "127.0.0.1"), Integer.parseInt(req(m, "port")),
                Integer.parseInt(m.getOrDefault("rooms", "1")), Integer.parseInt(m.getOrDefault("users-per-room", "10")),
                Integer.parseInt(m.getOrDefault("messages", "500")), Integer.parseInt(m.getOrDefault("warmup-messages", "0")),
                Long.parseLong(m.getOrDefault("interval-ms", "10")), Long.parseLong(m.getOrDefault("settle-ms", "2000")),
                Long.parseLong(m.getOrDefault("drain-idle-ms", "10000")), Long.parseLong(m.getOrDefault("max-seconds", "600")),
                Path.of(req(m, "out")), m.containsKey("histograms") ? Path.of(m.get("histograms")) : null,
                m.getOrDefault("prefix", "load" + Long.toString(System.nanoTime() & 0xffffff, 36)));
            if (o.rooms < 1 || o.usersPerRoom < 1 || o.messages < 1 || o.warmup < 0 || o.intervalMs < 1) {
                throw new IllegalArgumentException("rooms, users-per-room, messages and interval-ms must be > 0, warmup-messages >= 0");
            }
            return o;
        }

        private static String req(Map<String, String> m, String key) {
            String v = m.get(key);
            if (v == null) throw new IllegalArgumentException("--" + key + " is required");
            return v;
        }

        int users() {
            return rooms * usersPerRoom;
        }
    }

    private final Options options;
    private final long origin = System.nanoTime();
    private final long originEpochMs = System.currentTimeMillis();
    private final DeliveryLedger ledger;
    private final User[] users;
    private final LongAdder deliveries = new LongAdder();      // every frame received by a registered user
    private final LongAdder firstDeliveries = new LongAdder(); // OK + REORDERED: distinct (sender, seq, recipient)
    private final LongAdder submitted = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder sendFailures = new LongAdder();
    private final LongAdder listenerErrors = new LongAdder();
    private final LongAdder systemFrames = new LongAdder();
    private final LongAdder binaryFrames = new LongAdder();
    private final Map<Integer, LongAdder> closedByServer = new ConcurrentHashMap<>();
    private final List<String> errorExamples = Collections.synchronizedList(new ArrayList<>());
    private final ExecutorService sendCompletions = Executors.newSingleThreadExecutor(r -> daemon(r, "send-completions"));
    private volatile String phase = "connect";
    private volatile long measuredFromNs = Long.MAX_VALUE;

    ChatClient(Options options) {
        this.options = options;
        int[] roomOf = new int[options.users()];
        users = new User[options.users()];
        for (int i = 0; i < roomOf.length; i++) {
            roomOf[i] = i % options.rooms; // interleaved, so every room's users are spread over the send period
            users[i] = new User(i, options.prefix + "-u" + i, options.prefix + "-room" + roomOf[i]);
        }
        ledger = new DeliveryLedger(roomOf, options.warmup + options.messages);
    }

    long clock() {
        return System.nanoTime() - origin;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    void error(String message) {
        if (errorExamples.size() < 20) errorExamples.add(message);
    }

    /** One user: a sender with its schedule and a recipient whose listener records what arrives. */
    final class User implements WebSocket.Listener {
        final int index;
        final String name;
        final String room;
        final Histogram fromIntended = Latencies.histogram();
        final Histogram fromSent = Latencies.histogram();
        final Histogram sendLag = Latencies.histogram(); // sent − scheduled, measured messages: the client's (or TCP's) lateness
        final long[] fields = new long[4];
        final StringBuilder partial = new StringBuilder();
        final CountDownLatch closed = new CountDownLatch(1);
        volatile WebSocket ws;
        volatile boolean closing;
        volatile long lastDeliveryNs;
        // sender state, guarded by this
        final ArrayDeque<long[]> backlog = new ArrayDeque<>();
        boolean inFlight;
        boolean dead;
        long sent;

        User(int index, String name, String room) {
            this.index = index;
            this.name = name;
            this.room = room;
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
            long now = clock();
            CharSequence text = data;
            if (!partial.isEmpty()) text = partial.append(data).toString();
            partial.setLength(0);
            receive(text, now);
            return null;
        }

        void receive(CharSequence text, long now) {
            deliveries.increment();
            if (!Wire.parse(text, fields)) {
                if (Wire.isSystem(text)) {
                    systemFrames.increment();
                    error(name + " got a system frame: " + text);
                } else {
                    ledger.recordUnreadable(index);
                    error(name + " got an unreadable frame: " + text.toString().substring(0, Math.min(200, text.length())));
                }
                return;
            }
            DeliveryLedger.Outcome outcome = ledger.record(index, (int) fields[0], fields[1]);
            if (outcome == DeliveryLedger.Outcome.OK || outcome == DeliveryLedger.Outcome.REORDERED) {
                firstDeliveries.increment();
                lastDeliveryNs = now;
                if (fields[1] >= options.warmup) {
                    Latencies.recordNanos(fromIntended, now - fields[2]);
                    Latencies.recordNanos(fromSent, now - fields[3]);
                }
            }
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, java.nio.ByteBuffer data, boolean last) {
            if (last) {
                binaryFrames.increment();
                error(name + " got a binary frame");
            }
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            if (!closing) {
                closedByServer.computeIfAbsent(statusCode, k -> new LongAdder()).increment();
                error(name + " closed by the server: " + statusCode + " " + reason);
            }
            markDead();
            closed.countDown();
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            if (!closing) {
                listenerErrors.increment();
                error(name + ": " + error);
            }
            markDead();
            closed.countDown();
        }

        private synchronized void markDead() {
            dead = true;
            backlog.clear();
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
            long now = clock();
            if (seq >= options.warmup) Latencies.recordNanos(sendLag, now - intendedNs); // one send at a time per user
            CompletableFuture<WebSocket> f;
            try {
                f = ws.sendText(Wire.message(name, room, index, seq, intendedNs, now), true);
            } catch (RuntimeException e) {
                f = CompletableFuture.failedFuture(e);
            }
            // Async: a send that completes at once must not recurse through the backlog on this stack.
            f.whenCompleteAsync((w, err) -> {
                long[] next;
                synchronized (this) {
                    if (err != null) {
                        if (!dead && !closing) {
                            sendFailures.increment();
                            error(name + " send failed: " + err);
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
            }, sendCompletions);
        }

        synchronized boolean idle() {
            return !inFlight && backlog.isEmpty();
        }

        synchronized long sentCount() {
            return sent;
        }
    }

    Map<String, Object> run() throws Exception {
        Thread progress = daemon(this::progressLoop, "progress");
        progress.start();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        URI uri = URI.create("ws://" + options.host + ":" + options.port + "/chat");

        // Connect everyone, then register everyone (no acknowledgement exists: the settle period covers it).
        List<CompletableFuture<WebSocket>> connecting = new ArrayList<>();
        for (User u : users) connecting.add(http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10)).buildAsync(uri, u));
        for (int i = 0; i < users.length; i++) {
            try {
                users[i].ws = connecting.get(i).get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                refused.increment();
                error(users[i].name + " could not connect: " + (e.getCause() != null ? e.getCause() : e));
                users[i].markDead();
            }
        }
        phase = "register";
        for (User u : users) {
            if (u.ws == null) continue;
            try {
                u.ws.sendText(Wire.registration(u.name, u.room), true).get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                sendFailures.increment();
                error(u.name + " could not register: " + e);
                u.markDead();
            }
        }
        phase = "settle";
        Thread.sleep(options.settleMs);

        // The schedule: user i sends message q at start + offset(i) + q × interval, the offsets spreading the users
        // evenly over one interval. Each message carries its scheduled time, so lateness of the client or of TCP
        // (a send waiting behind the previous one) is part of the measured latency, not hidden by it.
        long period = TimeUnit.MILLISECONDS.toNanos(options.intervalMs);
        int n = users.length;
        int total = options.warmup + options.messages;
        long start = clock() + TimeUnit.MILLISECONDS.toNanos(20);
        measuredFromNs = start + options.warmup * period;
        long deadline = TimeUnit.SECONDS.toNanos(options.maxSeconds);
        phase = options.warmup > 0 ? "warm-up" : "measure";
        long cpuAtStart = -1;
        long waitAtStart = -1;
        long gcAtStart = -1;
        long wallAtStart = -1;
        for (int q = 0; q < total; q++) {
            if (q == options.warmup) {
                phase = "measure";
                waitUntil(measuredFromNs);
                cpuAtStart = processCpuNanos();
                waitAtStart = runQueueWaitNanos();
                gcAtStart = gcMillis();
                wallAtStart = clock();
            }
            for (int i = 0; i < n; i++) {
                long due = start + (i * period) / n + q * period;
                waitUntil(due);
                users[i].submit(q, due);
                submitted.increment();
            }
            if (clock() > deadline) {
                error("max-seconds reached while sending");
                break;
            }
        }

        // Drain: wait until every send is written, then until every expected delivery arrived, or nothing has
        // arrived for drain-idle-ms (the rest is lost), or the run's time is up.
        phase = "drain";
        long lastProgress = clock();
        long lastCount = -1;
        boolean timedOut = false;
        while (true) {
            boolean sending = false;
            long expected = 0;
            for (User u : users) {
                if (!u.idle()) sending = true;
                expected += u.sentCount() * options.usersPerRoom;
            }
            long got = firstDeliveries.sum();
            if (!sending && got >= expected) break;
            if (got != lastCount) {
                lastCount = got;
                lastProgress = clock();
            }
            if (clock() - lastProgress > TimeUnit.MILLISECONDS.toNanos(options.drainIdleMs) || clock() > deadline) {
                timedOut = true;
                error("drain: nothing arrived for " + options.drainIdleMs + " ms (or max-seconds reached); " + got + " of " + expected + " deliveries");
                break;
            }
            Thread.sleep(5);
        }
        long cpuAtEnd = processCpuNanos();
        long waitAtEnd = runQueueWaitNanos();
        long gcAtEnd = gcMillis();
        long wallAtEnd = clock();
        Thread.sleep(200); // a late duplicate would show up here
        phase = "close";
        for (User u : users) {
            if (u.ws == null) continue;
            u.closing = true;
            try {
                u.ws.sendClose(WebSocket.NORMAL_CLOSURE, "done");
            } catch (RuntimeException ignored) {
                // already closed
            }
        }
        long closeBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (User u : users) {
            if (u.ws == null) continue;
            if (!u.closed.await(Math.max(0, closeBy - System.nanoTime()), TimeUnit.NANOSECONDS)) u.ws.abort();
        }
        phase = "done";
        double waitPercent = waitAtStart >= 0 && waitAtEnd >= 0 && wallAtEnd > wallAtStart
            ? 100.0 * (waitAtEnd - waitAtStart) / (wallAtEnd - wallAtStart) : -1;
        long gcMs = gcAtStart >= 0 ? gcAtEnd - gcAtStart : -1;
        return report(start, wallAtStart, wallAtEnd, cpuAtStart, cpuAtEnd, waitPercent, gcMs, timedOut);
    }

    private Map<String, Object> report(long start, long wallAtStart, long wallAtEnd, long cpuAtStart, long cpuAtEnd,
                                       double waitPercent, long gcMs, boolean timedOut) throws Exception {
        long[] sent = new long[users.length];
        Histogram intended = Latencies.histogram();
        Histogram fromSent = Latencies.histogram();
        Histogram lag = Latencies.histogram();
        long lastDelivery = 0;
        for (User u : users) {
            sent[u.index] = u.sentCount();
            intended.add(u.fromIntended);
            fromSent.add(u.fromSent);
            lag.add(u.sendLag);
            lastDelivery = Math.max(lastDelivery, u.lastDeliveryNs);
        }
        DeliveryLedger.Result result = ledger.finish(sent, 20);
        long windowEnd = Math.max(lastDelivery, measuredFromNs);
        double windowSeconds = (windowEnd - measuredFromNs) / 1e9;
        int cpus = Runtime.getRuntime().availableProcessors();
        double cpuPercent = wallAtStart >= 0 && wallAtEnd > wallAtStart && cpuAtStart >= 0 && cpuAtEnd >= 0
            ? 100.0 * (cpuAtEnd - cpuAtStart) / (wallAtEnd - wallAtStart) : -1;

        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("rooms", options.rooms);
        scenario.put("usersPerRoom", options.usersPerRoom);
        scenario.put("users", users.length);
        scenario.put("messagesPerUser", options.messages);
        scenario.put("warmupMessagesPerUser", options.warmup);
        scenario.put("intervalMs", options.intervalMs);
        scenario.put("settleMs", options.settleMs);
        out.put("scenario", scenario);
        long sentTotal = 0;
        for (long s : sent) sentTotal += s;
        out.put("sent", sentTotal);
        out.put("scheduled", (long) users.length * (options.warmup + options.messages));
        out.put("expected", result.expected());
        out.put("delivered", result.delivered());
        out.put("framesReceived", deliveries.sum());
        Map<String, Object> violations = new LinkedHashMap<>();
        violations.put("total", result.violations());
        violations.put("lost", result.lost());
        violations.put("duplicates", result.duplicates());
        violations.put("reordered", result.reordered());
        violations.put("misrouted", result.misrouted());
        violations.put("unknown", result.unknown());
        violations.put("extra", result.extra());
        violations.put("pairsChecked", result.pairs());
        violations.put("violatingPairs", result.violatingPairs());
        List<Object> examples = new ArrayList<>();
        for (DeliveryLedger.PairViolation v : result.examples()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("sender", users[v.sender()].name);
            e.put("recipient", users[v.recipient()].name);
            e.put("lost", v.lost());
            e.put("duplicates", v.duplicates());
            e.put("reordered", v.reordered());
            examples.add(e);
        }
        violations.put("examples", examples);
        out.put("violations", violations);
        Map<String, Object> errors = new LinkedHashMap<>();
        Map<String, Object> closes = new TreeMap<>();
        closedByServer.forEach((code, count) -> closes.put(String.valueOf(code), count.sum()));
        long errorTotal = refused.sum() + sendFailures.sum() + listenerErrors.sum() + systemFrames.sum() + binaryFrames.sum()
            + closes.values().stream().mapToLong(v -> (Long) v).sum() + (timedOut ? 1 : 0);
        errors.put("total", errorTotal);
        errors.put("refusedConnections", refused.sum());
        errors.put("closedByServer", closes);
        errors.put("systemFrames", systemFrames.sum());
        errors.put("binaryFrames", binaryFrames.sum());
        errors.put("sendFailures", sendFailures.sum());
        errors.put("socketErrors", listenerErrors.sum());
        errors.put("drainTimedOut", timedOut);
        errors.put("examples", new ArrayList<>(errorExamples));
        out.put("errors", errors);
        out.put("latencyMs", Latencies.summary(intended));
        out.put("latencyFromSendMs", Latencies.summary(fromSent));
        out.put("sendLagMs", Latencies.summary(lag));
        Map<String, Object> window = new LinkedHashMap<>();
        window.put("from", originEpochMs + measuredFromNs / 1_000_000);
        window.put("to", originEpochMs + windowEnd / 1_000_000);
        window.put("seconds", windowSeconds);
        out.put("window", window);
        out.put("deliveriesPerSecond", windowSeconds > 0 ? intended.getTotalCount() / windowSeconds : 0.0);
        Map<String, Object> client = new LinkedHashMap<>();
        client.put("cpuPercent", cpuPercent < 0 ? null : cpuPercent);
        client.put("cpus", cpus);
        // Time this process's threads spent runnable but waiting for a CPU (Linux schedstat), over the same
        // window: high on a busy machine even when cpuPercent is low, and then the client was late, not slow.
        client.put("runQueueWaitPercent", waitPercent < 0 ? null : waitPercent);
        // The client's own garbage-collection time in the window: a pause delays the arrival timestamps, so it
        // shows up as latency; this says how much of the tail the client itself may have added.
        client.put("gcMs", gcMs < 0 ? null : gcMs);
        client.put("jdk", Runtime.version().toString());
        client.put("clock", "System.nanoTime");
        out.put("client", client);
        if (options.histograms != null) {
            Map<String, Histogram> h = new LinkedHashMap<>();
            h.put("latencyMs", intended);
            h.put("latencyFromSendMs", fromSent);
            h.put("sendLagMs", lag);
            Latencies.write(options.histograms, h);
        }
        return out;
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** Total collection time of every garbage collector of this JVM so far, in ms. */
    private static long gcMillis() {
        long total = 0;
        for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) total += Math.max(0, gc.getCollectionTime());
        return total;
    }

    /** Σ over this process's threads of the time spent waiting on a run queue (/proc/self/task/N/schedstat), or -1. */
    private static long runQueueWaitNanos() {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.mapToLong(task -> {
                try {
                    String[] f = Files.readString(task.resolve("schedstat")).trim().split("\\s+");
                    return Long.parseLong(f[1]);
                } catch (Exception e) {
                    return 0; // the thread has exited, or no schedstat here
                }
            }).sum();
        } catch (Exception e) {
            return -1;
        }
    }

    private void waitUntil(long due) {
        long wait;
        while ((wait = due - clock()) > 0) LockSupport.parkNanos(wait);
    }

    private void progressLoop() {
        long previous = 0;
        long previousAt = clock();
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            long now = clock();
            long count = deliveries.sum();
            double rate = (count - previous) / ((now - previousAt) / 1e9);
            previous = count;
            previousAt = now;
            System.err.printf("chat %s sent=%d delivered=%d rate=%.0f/s%n", phase, submitted.sum(), count, rate);
        }
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("merge")) {
            try {
                Latencies.main(java.util.Arrays.copyOfRange(args, 1, args.length));
                System.exit(0);
            } catch (Exception e) {
                System.err.println("chat-client merge: " + e);
                System.exit(1);
            }
        }
        Options options;
        try {
            options = Options.parse(args);
        } catch (RuntimeException e) {
            System.err.println("chat-client: " + e.getMessage());
            System.err.println("usage: chat-client --port N --out report.json [--host H] [--rooms R] [--users-per-room U] "
                + "[--messages M] [--warmup-messages W] [--interval-ms 10] [--settle-ms 2000] [--drain-idle-ms 10000] "
                + "[--max-seconds 600] [--histograms file] [--prefix name]");
            System.exit(2);
            return;
        }
        try {
            Map<String, Object> report = new ChatClient(options).run();
            Files.writeString(options.out, Json.write(report));
            System.exit(0);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }
}
