package bench.chat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The JSON report of a finished run, and the histogram file beside it when asked for. The bench reads every field
 * (loadtest/run/chat.mjs): names and order are its format.
 */
final class RunReport {
    private static final int MAX_PAIR_EXAMPLES = 20;

    /** The measured window: from the first measured message's scheduled time, with the client's own readings. */
    record Window(long measuredFromNs, ProcessMeter.Sample start, ProcessMeter.Sample end) {}

    private final Options options;
    private final ChatUser[] users;
    private final DeliveryLedger ledger;
    private final RunCounters counters;
    private final RunClock clock;

    RunReport(Options options, ChatUser[] users, DeliveryLedger ledger, RunCounters counters, RunClock clock) {
        this.options = options;
        this.users = users;
        this.ledger = ledger;
        this.counters = counters;
        this.clock = clock;
    }

    Map<String, Object> build(Window window, boolean drainTimedOut) throws IOException {
        long[] sent = new long[users.length];
        Histogram intended = Latencies.histogram();
        Histogram fromSent = Latencies.histogram();
        Histogram lag = Latencies.histogram();
        long lastDelivery = 0;
        for (ChatUser u : users) {
            sent[u.index] = u.sender.sentCount();
            intended.add(u.fromIntended);
            fromSent.add(u.fromSent);
            lag.add(u.sender.sendLag);
            lastDelivery = Math.max(lastDelivery, u.lastDeliveryNs);
        }
        DeliveryLedger.Result result = ledger.finish(sent, MAX_PAIR_EXAMPLES);
        long windowEnd = Math.max(lastDelivery, window.measuredFromNs());
        double windowSeconds = (windowEnd - window.measuredFromNs()) / 1e9;

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scenario", scenario());
        out.put("sent", Arrays.stream(sent).sum());
        out.put("scheduled", (long) users.length * options.totalMessages());
        out.put("expected", result.expected());
        out.put("delivered", result.delivered());
        out.put("framesReceived", counters.deliveries.sum());
        out.put("violations", violations(result));
        out.put("errors", errors(drainTimedOut));
        out.put("latencyMs", Latencies.summary(intended));
        out.put("latencyFromSendMs", Latencies.summary(fromSent));
        out.put("sendLagMs", Latencies.summary(lag));
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("from", clock.epochMs(window.measuredFromNs()));
        w.put("to", clock.epochMs(windowEnd));
        w.put("seconds", windowSeconds);
        out.put("window", w);
        out.put("deliveriesPerSecond", windowSeconds > 0 ? intended.getTotalCount() / windowSeconds : 0.0);
        out.put("client", client(window.start(), window.end()));
        if (options.histograms() != null) {
            Map<String, Histogram> h = new LinkedHashMap<>();
            h.put("latencyMs", intended);
            h.put("latencyFromSendMs", fromSent);
            h.put("sendLagMs", lag);
            Latencies.write(options.histograms(), h);
        }
        return out;
    }

    private Map<String, Object> scenario() {
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("rooms", options.rooms());
        scenario.put("usersPerRoom", options.usersPerRoom());
        scenario.put("users", users.length);
        scenario.put("messagesPerUser", options.messages());
        scenario.put("warmupMessagesPerUser", options.warmup());
        scenario.put("intervalMs", options.intervalMs());
        scenario.put("settleMs", options.settleMs());
        return scenario;
    }

    private Map<String, Object> violations(DeliveryLedger.Result result) {
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
        return violations;
    }

    private Map<String, Object> errors(boolean drainTimedOut) {
        Map<String, Object> closes = counters.closes();
        long total = counters.refused.sum()
                + counters.sendFailures.sum()
                + counters.listenerErrors.sum()
                + counters.systemFrames.sum()
                + counters.binaryFrames.sum()
                + closes.values().stream().mapToLong(v -> (Long) v).sum()
                + (drainTimedOut ? 1 : 0);
        Map<String, Object> errors = new LinkedHashMap<>();
        errors.put("total", total);
        errors.put("refusedConnections", counters.refused.sum());
        errors.put("closedByServer", closes);
        errors.put("systemFrames", counters.systemFrames.sum());
        errors.put("binaryFrames", counters.binaryFrames.sum());
        errors.put("sendFailures", counters.sendFailures.sum());
        errors.put("socketErrors", counters.listenerErrors.sum());
        errors.put("drainTimedOut", drainTimedOut);
        errors.put("examples", counters.errorExamples());
        return errors;
    }

    private static Map<String, Object> client(ProcessMeter.Sample start, ProcessMeter.Sample end) {
        Map<String, Object> client = new LinkedHashMap<>();
        client.put("cpuPercent", ProcessMeter.cpuPercent(start, end));
        client.put("cpus", Runtime.getRuntime().availableProcessors());
        // Time this process's threads spent runnable but waiting for a CPU (Linux schedstat), over the same
        // window: high on a busy machine even when cpuPercent is low, and then the client was late, not slow.
        client.put("runQueueWaitPercent", ProcessMeter.runQueueWaitPercent(start, end));
        // The client's own garbage-collection time in the window: a pause delays the arrival timestamps, so it
        // shows up as latency; this says how much of the tail the client itself may have added.
        client.put("gcMs", ProcessMeter.gcMillis(start, end));
        client.put("jdk", Runtime.version().toString());
        client.put("clock", "System.nanoTime");
        return client;
    }
}
