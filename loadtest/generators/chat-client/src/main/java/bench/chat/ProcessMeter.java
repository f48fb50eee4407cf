package bench.chat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What this process itself used over the measured window: CPU time, time its threads waited for a CPU, and
 * garbage-collection time, read at the window's start and end. A reading the platform does not give is -1.
 */
final class ProcessMeter {
    private ProcessMeter() {}

    /** One reading: process CPU ns, run-queue wait ns, GC ms, and the time it was taken on the run's clock. */
    record Sample(long cpuNanos, long runQueueWaitNanos, long gcMillis, long wallNanos) {}

    static Sample sample(RunClock clock) {
        long cpu = processCpuNanos();
        long wait = runQueueWaitNanos();
        long gc = gcMillis();
        return new Sample(cpu, wait, gc, clock.now());
    }

    /** CPU use in % of one CPU between the readings, or null (no start reading: the window was never reached). */
    static Double cpuPercent(Sample start, Sample end) {
        if (start == null || end.wallNanos <= start.wallNanos || start.cpuNanos < 0 || end.cpuNanos < 0) return null;
        return 100.0 * (end.cpuNanos - start.cpuNanos) / (end.wallNanos - start.wallNanos);
    }

    /** Run-queue wait in thread-seconds per second, in %, or null. */
    static Double runQueueWaitPercent(Sample start, Sample end) {
        if (start == null
                || start.runQueueWaitNanos < 0
                || end.runQueueWaitNanos < 0
                || end.wallNanos <= start.wallNanos) {
            return null;
        }
        return 100.0 * (end.runQueueWaitNanos - start.runQueueWaitNanos) / (end.wallNanos - start.wallNanos);
    }

    static Long gcMillis(Sample start, Sample end) {
        return start == null ? null : end.gcMillis - start.gcMillis;
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
                            String[] f = Files.readString(task.resolve("schedstat"))
                                    .trim()
                                    .split("\\s+");
                            return Long.parseLong(f[1]);
                        } catch (Exception e) {
                            return 0; // the thread has exited, or no schedstat here
                        }
                    })
                    .sum();
        } catch (Exception e) {
            return -1;
        }
    }
}
