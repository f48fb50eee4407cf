package bench.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.chat.ProcessMeter.Sample;
import org.junit.jupiter.api.Test;

/** The client's own CPU, run-queue wait and GC over the window; null where the window or a reading is missing. */
class ProcessMeterTest {

    @Test
    void usePerWindowIsTheDifferenceOverTheWallTime() {
        Sample start = new Sample(1_000_000_000L, 0, 10, 1_000_000_000L);
        Sample end = new Sample(1_500_000_000L, 3_000_000_000L, 25, 3_000_000_000L);
        assertEquals(25.0, ProcessMeter.cpuPercent(start, end));
        assertEquals(150.0, ProcessMeter.runQueueWaitPercent(start, end));
        assertEquals(15L, ProcessMeter.gcMillis(start, end));
    }

    @Test
    void aWindowNeverReachedOrAReadingMissingIsNull() {
        Sample end = new Sample(5, 5, 5, 5);
        assertNull(ProcessMeter.cpuPercent(null, end));
        assertNull(ProcessMeter.runQueueWaitPercent(null, end));
        assertNull(ProcessMeter.gcMillis(null, end));
        Sample noReadings = new Sample(-1, -1, 0, 1);
        assertNull(ProcessMeter.cpuPercent(noReadings, new Sample(-1, -1, 0, 2)));
        assertNull(ProcessMeter.runQueueWaitPercent(noReadings, new Sample(-1, -1, 0, 2)));
        Sample sameInstant = new Sample(1, 1, 0, 7);
        assertNull(ProcessMeter.cpuPercent(sameInstant, sameInstant));
        assertNull(ProcessMeter.runQueueWaitPercent(sameInstant, sameInstant));
    }

    @Test
    void thisJvmOnLinuxGivesEveryReading() {
        Sample s = ProcessMeter.sample(new RunClock());
        assertTrue(s.cpuNanos() > 0, "process CPU time");
        assertTrue(s.runQueueWaitNanos() >= 0, "schedstat");
        assertTrue(s.gcMillis() >= 0);
        assertTrue(s.wallNanos() >= 0);
    }
}
