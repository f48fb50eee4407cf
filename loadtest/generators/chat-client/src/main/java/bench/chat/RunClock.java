package bench.chat;

import java.util.concurrent.locks.LockSupport;

/**
 * The run's one monotonic clock: nanoseconds of {@link System#nanoTime()} since the run began. Every time a
 * message carries and every delivery is stamped on it; {@link #epochMs} turns one into wall-clock time for the report.
 */
final class RunClock {
    private final long origin = System.nanoTime();
    private final long originEpochMs = System.currentTimeMillis();

    long now() {
        return System.nanoTime() - origin;
    }

    /** Parks until {@code due} (a time of this clock). */
    void waitUntil(long due) {
        long wait;
        while ((wait = due - now()) > 0) LockSupport.parkNanos(wait);
    }

    long epochMs(long nanos) {
        return originEpochMs + nanos / 1_000_000;
    }
}
