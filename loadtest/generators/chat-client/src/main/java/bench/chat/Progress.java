package bench.chat;

/**
 * The progress line on stderr, once a second: {@code chat <phase> sent=<n> delivered=<n> rate=<n>/s}. The bench
 * reads it (loadtest/run/chat.mjs, parseClientProgress), so its format is fixed.
 */
final class Progress {
    private final RunClock clock;
    private final RunCounters counters;
    private volatile String phase = "connect";

    Progress(RunClock clock, RunCounters counters) {
        this.clock = clock;
        this.counters = counters;
    }

    void start() {
        Thread.ofPlatform().daemon().name("progress").start(this::loop);
    }

    void phase(String phase) {
        this.phase = phase;
    }

    private void loop() {
        long previous = 0;
        long previousAt = clock.now();
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            long now = clock.now();
            long count = counters.deliveries.sum();
            double rate = (count - previous) / ((now - previousAt) / 1e9);
            previous = count;
            previousAt = now;
            System.err.printf(
                    "chat %s sent=%d delivered=%d rate=%.0f/s%n", phase, counters.submitted.sum(), count, rate);
        }
    }
}
