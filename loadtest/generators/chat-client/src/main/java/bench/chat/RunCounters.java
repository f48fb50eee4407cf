package bench.chat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The run's counts, added to by every user's threads at once, and the first few error messages as examples. */
final class RunCounters {
    private static final int MAX_ERROR_EXAMPLES = 20;

    final LongAdder deliveries = new LongAdder(); // every frame received by a registered user
    final LongAdder firstDeliveries = new LongAdder(); // OK + REORDERED: distinct (sender, seq, recipient)
    final LongAdder submitted = new LongAdder();
    final LongAdder refused = new LongAdder();
    final LongAdder sendFailures = new LongAdder();
    final LongAdder listenerErrors = new LongAdder();
    final LongAdder systemFrames = new LongAdder();
    final LongAdder binaryFrames = new LongAdder();
    private final Map<Integer, LongAdder> closedByServer = new ConcurrentHashMap<>();
    private final List<String> errorExamples = Collections.synchronizedList(new ArrayList<>());

    void error(String message) {
        if (errorExamples.size() < MAX_ERROR_EXAMPLES) errorExamples.add(message);
    }

    void closedByServer(int statusCode) {
        closedByServer.computeIfAbsent(statusCode, k -> new LongAdder()).increment();
    }

    /** Closes by the server per status code, the codes as strings in ascending order. */
    Map<String, Object> closes() {
        Map<String, Object> closes = new TreeMap<>();
        closedByServer.forEach((code, count) -> closes.put(String.valueOf(code), count.sum()));
        return closes;
    }

    List<String> errorExamples() {
        return new ArrayList<>(errorExamples);
    }
}
