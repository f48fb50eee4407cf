package bench.chat;

import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * One run, phase by phase: connect and register every user, settle, send on the schedule, drain what is still in
 * flight, close, and report ({@link RunReport}).
 */
final class ChatRun {
    private final Options options;
    private final RunClock clock = new RunClock();
    private final RunCounters counters = new RunCounters();
    private final Progress progress = new Progress(clock, counters);
    private final DeliveryLedger ledger;
    private final ChatUser[] users;
    private final long deadline;

    ChatRun(Options options) {
        this.options = options;
        int[] roomOf = new int[options.users()];
        for (int i = 0; i < roomOf.length; i++) {
            roomOf[i] = i % options.rooms(); // interleaved, so every room's users are spread over the send period
        }
        ledger = new DeliveryLedger(roomOf, options.totalMessages());
        RunContext run = new RunContext(
                options.warmup(),
                clock,
                counters,
                ledger,
                Executors.newSingleThreadExecutor(
                        Thread.ofPlatform().daemon().name("send-completions").factory()));
        users = new ChatUser[options.users()];
        for (int i = 0; i < users.length; i++) {
            users[i] = new ChatUser(i, options.prefix() + "-u" + i, options.prefix() + "-room" + roomOf[i], run);
        }
        deadline = TimeUnit.SECONDS.toNanos(options.maxSeconds());
    }

    Map<String, Object> run() throws Exception {
        progress.start();
        Connections.open(users, options.host(), options.port(), counters);
        progress.phase("register");
        Connections.register(users, counters);
        progress.phase("settle");
        Thread.sleep(options.settleMs());

        long period = TimeUnit.MILLISECONDS.toNanos(options.intervalMs());
        long scheduleStart = clock.now() + TimeUnit.MILLISECONDS.toNanos(20);
        long measuredFromNs = scheduleStart + options.warmup() * period;
        ProcessMeter.Sample measureStart = sendOnSchedule(scheduleStart, measuredFromNs, period);

        progress.phase("drain");
        boolean timedOut = !drain();
        ProcessMeter.Sample measureEnd = ProcessMeter.sample(clock);
        Thread.sleep(200); // a late duplicate would show up here
        progress.phase("close");
        Connections.close(users);
        progress.phase("done");
        return new RunReport(options, users, ledger, counters, clock)
                .build(new RunReport.Window(measuredFromNs, measureStart, measureEnd), timedOut);
    }

    /**
     * User i sends message q at start + offset(i) + q × interval, the offsets spreading the users evenly over one
     * interval. Each message carries its scheduled time, so lateness of the client or of TCP (a send waiting behind
     * the previous one) is part of the measured latency, not hidden by it. Returns the reading taken where the
     * measured messages begin, or null when max-seconds ended the schedule before that.
     */
    private ProcessMeter.Sample sendOnSchedule(long start, long measuredFromNs, long period) {
        int n = users.length;
        progress.phase(options.warmup() > 0 ? "warm-up" : "measure");
        ProcessMeter.Sample measureStart = null;
        for (int q = 0; q < options.totalMessages(); q++) {
            if (q == options.warmup()) {
                progress.phase("measure");
                clock.waitUntil(measuredFromNs);
                measureStart = ProcessMeter.sample(clock);
            }
            for (int i = 0; i < n; i++) {
                long due = start + (i * period) / n + q * period;
                clock.waitUntil(due);
                users[i].sender.submit(q, due);
                counters.submitted.increment();
            }
            if (clock.now() > deadline) {
                counters.error("max-seconds reached while sending");
                break;
            }
        }
        return measureStart;
    }

    /**
     * Waits until every send is written, then until every expected delivery arrived. False when nothing arrived for
     * drain-idle-ms (the rest is lost) or the run's time is up first.
     */
    private boolean drain() throws InterruptedException {
        long lastProgress = clock.now();
        long lastCount = -1;
        while (true) {
            boolean sending = false;
            long expected = 0;
            for (ChatUser u : users) {
                if (!u.sender.idle()) sending = true;
                expected += u.sender.sentCount() * options.usersPerRoom();
            }
            long got = counters.firstDeliveries.sum();
            if (!sending && got >= expected) return true;
            if (got != lastCount) {
                lastCount = got;
                lastProgress = clock.now();
            }
            if (clock.now() - lastProgress > TimeUnit.MILLISECONDS.toNanos(options.drainIdleMs())
                    || clock.now() > deadline) {
                counters.error("drain: nothing arrived for " + options.drainIdleMs() + " ms (or max-seconds reached); "
                        + got + " of " + expected + " deliveries");
                return false;
            }
            Thread.sleep(5);
        }
    }
}
