package bench.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import bench.chat.ProcessMeter.Sample;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's fields, in the order loadtest/run/chat.mjs and the tests there read them. */
class RunReportTest {
    private final RunClock clock = new RunClock();
    private final RunCounters counters = new RunCounters();
    private final DeliveryLedger ledger = new DeliveryLedger(new int[] {0, 0}, 3);
    private final RunContext run = new RunContext(1, clock, counters, ledger, Runnable::run);
    private final ChatUser[] users = {new ChatUser(0, "t-u0", "t-room0", run), new ChatUser(1, "t-u1", "t-room0", run)};

    private static Options options(Path histograms) {
        return new Options("127.0.0.1", 1, 1, 2, 2, 1, 5, 100, 1000, 60, Path.of("r.json"), histograms, "t");
    }

    /** Sender 0's messages 0..2 reach both users, except 2 to user 1; sender 1 never sent (no socket). */
    private Map<String, Object> report(Path histograms, RunReport.Window window, boolean timedOut) throws Exception {
        FakeWebSocket ws = new FakeWebSocket();
        users[0].ws = ws;
        for (int q = 0; q < 3; q++) {
            users[0].sender.submit(q, clock.now());
            ws.completeNext();
        }
        for (int q = 0; q < 3; q++) {
            String text = ws.texts.get(q);
            users[0].onText(ws, text, true);
            if (q < 2) users[1].onText(ws, text, true);
        }
        users[1].onClose(ws, 1011, "oops");
        return new RunReport(options(histograms), users, ledger, counters, clock).build(window, timedOut);
    }

    @Test
    void theFieldsAndTheirOrderAreTheBenchsFormat() throws Exception {
        Sample start = ProcessMeter.sample(clock);
        Map<String, Object> r = report(null, new RunReport.Window(0, start, ProcessMeter.sample(clock)), true);
        assertEquals(
                List.of(
                        "scenario",
                        "sent",
                        "scheduled",
                        "expected",
                        "delivered",
                        "framesReceived",
                        "violations",
                        "errors",
                        "latencyMs",
                        "latencyFromSendMs",
                        "sendLagMs",
                        "window",
                        "deliveriesPerSecond",
                        "client"),
                keys(r));
        assertEquals(
                List.of(
                        "rooms",
                        "usersPerRoom",
                        "users",
                        "messagesPerUser",
                        "warmupMessagesPerUser",
                        "intervalMs",
                        "settleMs"),
                keys(r.get("scenario")));
        assertEquals(
                List.of(
                        "total",
                        "lost",
                        "duplicates",
                        "reordered",
                        "misrouted",
                        "unknown",
                        "extra",
                        "pairsChecked",
                        "violatingPairs",
                        "examples"),
                keys(r.get("violations")));
        assertEquals(
                List.of(
                        "total",
                        "refusedConnections",
                        "closedByServer",
                        "systemFrames",
                        "binaryFrames",
                        "sendFailures",
                        "socketErrors",
                        "drainTimedOut",
                        "examples"),
                keys(r.get("errors")));
        assertEquals(List.of("p50", "p90", "p99", "p99.9", "max", "count"), keys(r.get("latencyMs")));
        assertEquals(List.of("from", "to", "seconds"), keys(r.get("window")));
        assertEquals(
                List.of("cpuPercent", "cpus", "runQueueWaitPercent", "gcMs", "jdk", "clock"), keys(r.get("client")));
    }

    @Test
    void countsComeFromTheLedgerTheSendersAndTheCounters() throws Exception {
        Map<String, Object> r = report(null, new RunReport.Window(0, null, ProcessMeter.sample(clock)), true);
        assertEquals(3L, r.get("sent"));
        assertEquals(6L, r.get("scheduled"), "2 users × (1 warm-up + 2 measured)");
        assertEquals(6L, r.get("expected"), "3 sent × 2 members");
        assertEquals(5L, r.get("delivered"));
        assertEquals(5L, r.get("framesReceived"));
        Map<?, ?> v = (Map<?, ?>) r.get("violations");
        assertEquals(1L, v.get("lost"));
        assertEquals(
                List.of(Map.of("sender", "t-u0", "recipient", "t-u1", "lost", 1L, "duplicates", 0L, "reordered", 0L)),
                v.get("examples"));
        Map<?, ?> e = (Map<?, ?>) r.get("errors");
        assertEquals(2L, e.get("total"), "one close by the server, and the drain's time-out");
        assertEquals(Map.of("1011", 1L), e.get("closedByServer"));
        assertEquals(true, e.get("drainTimedOut"));
        assertEquals(3L, ((Map<?, ?>) r.get("latencyMs")).get("count"), "measured messages 1 and 2, less the lost one");
        assertEquals(2L, ((Map<?, ?>) r.get("sendLagMs")).get("count"));
    }

    @Test
    void aWindowNeverReachedLeavesTheClientsReadingsNull() throws Exception {
        Map<String, Object> r =
                report(null, new RunReport.Window(Long.MAX_VALUE / 2, null, ProcessMeter.sample(clock)), false);
        Map<?, ?> client = (Map<?, ?>) r.get("client");
        assertNull(client.get("cpuPercent"));
        assertNull(client.get("runQueueWaitPercent"));
        assertNull(client.get("gcMs"));
        assertEquals("System.nanoTime", client.get("clock"));
        assertEquals(0.0, r.get("deliveriesPerSecond"));
    }

    @Test
    void theHistogramsAreWrittenWhenAskedFor(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latency.hgrm");
        report(file, new RunReport.Window(0, null, ProcessMeter.sample(clock)), false);
        var histograms = Latencies.read(file);
        assertEquals(List.of("latencyMs", "latencyFromSendMs", "sendLagMs"), Latencies.names(histograms));
        assertEquals(3, histograms.get("latencyMs").getTotalCount());
    }

    private static List<String> keys(Object map) {
        return ((Map<?, ?>) map).keySet().stream().map(String::valueOf).toList();
    }
}
