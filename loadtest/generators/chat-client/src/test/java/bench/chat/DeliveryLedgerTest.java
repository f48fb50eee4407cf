package bench.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.chat.DeliveryLedger.Outcome;
import bench.chat.DeliveryLedger.PairViolation;
import bench.chat.DeliveryLedger.Result;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The counting and verification: perfect runs pass; lost, duplicated, reordered and misrouted deliveries are reported. */
class DeliveryLedgerTest {

    /** Users 0..n-1 interleaved over the rooms, as the client assigns them. */
    private static int[] rooms(int users, int rooms) {
        int[] roomOf = new int[users];
        for (int i = 0; i < users; i++) roomOf[i] = i % rooms;
        return roomOf;
    }

    private static long[] sent(int users, long each) {
        long[] sent = new long[users];
        Arrays.fill(sent, each);
        return sent;
    }

    /** Every message of every sender to every member of its room, in order. */
    private static void deliverAll(DeliveryLedger ledger, int[] roomOf, int messages) {
        for (int q = 0; q < messages; q++) {
            for (int s = 0; s < roomOf.length; s++) {
                for (int r = 0; r < roomOf.length; r++) {
                    if (roomOf[r] == roomOf[s]) assertEquals(Outcome.OK, ledger.record(r, s, q));
                }
            }
        }
    }

    @Test
    void aPerfectRunDeliversEveryExpectedMessageOnce() {
        int[] roomOf = rooms(12, 4); // 4 rooms of 3
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 50);
        deliverAll(ledger, roomOf, 50);
        Result r = ledger.finish(sent(12, 50), 10);
        // 12 senders × 50 messages × 3 members of their room: the room count matters, not users².
        assertEquals(12 * 50 * 3, r.expected());
        assertEquals(r.expected(), r.delivered());
        assertEquals(0, r.violations());
        assertEquals(12 * 3, r.pairs());
        assertTrue(r.ok());
    }

    @Test
    void expectedFollowsWhatWasReallySent() {
        int[] roomOf = rooms(4, 1);
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 10);
        deliverAll(ledger, roomOf, 6);
        Result r = ledger.finish(sent(4, 6), 10);
        assertEquals(4 * 6 * 4, r.expected());
        assertTrue(r.ok());
    }

    @Test
    void aLostDeliveryIsCountedForItsPair() {
        int[] roomOf = rooms(3, 1);
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 5);
        for (int q = 0; q < 5; q++) {
            for (int s = 0; s < 3; s++) {
                for (int r = 0; r < 3; r++) {
                    if (s == 1 && r == 2 && q == 3) continue; // lost
                    ledger.record(r, s, q);
                }
            }
        }
        Result r = ledger.finish(sent(3, 5), 10);
        assertEquals(1, r.lost());
        assertEquals(r.expected() - 1, r.delivered());
        assertEquals(1, r.violatingPairs());
        assertEquals(new PairViolation(1, 2, 1, 0, 0), r.examples().get(0));
        assertFalse(r.ok());
    }

    @Test
    void aDuplicateIsReportedAndNotCountedTwice() {
        int[] roomOf = rooms(2, 1);
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 3);
        deliverAll(ledger, roomOf, 3);
        assertEquals(Outcome.DUPLICATE, ledger.record(1, 0, 2));
        Result r = ledger.finish(sent(2, 3), 10);
        assertEquals(r.expected(), r.delivered());
        assertEquals(1, r.duplicates());
        assertEquals(0, r.lost());
        assertEquals(new PairViolation(0, 1, 0, 1, 0), r.examples().get(0));
        assertFalse(r.ok());
    }

    @Test
    void aReorderedDeliveryIsAnOrderViolationButStillDelivered() {
        int[] roomOf = rooms(2, 1);
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 4);
        // recipient 1 gets sender 0's messages as 0, 2, 1, 3; everything else in order
        for (int q : new int[] {0, 2}) assertEquals(Outcome.OK, ledger.record(1, 0, q));
        assertEquals(Outcome.REORDERED, ledger.record(1, 0, 1));
        assertEquals(Outcome.OK, ledger.record(1, 0, 3));
        for (int q = 0; q < 4; q++) {
            ledger.record(0, 0, q);
            ledger.record(0, 1, q);
            ledger.record(1, 1, q);
        }
        Result r = ledger.finish(sent(2, 4), 10);
        assertEquals(r.expected(), r.delivered());
        assertEquals(1, r.reordered());
        assertEquals(0, r.lost());
        assertEquals(new PairViolation(0, 1, 0, 0, 1), r.examples().get(0));
        assertFalse(r.ok());
    }

    @Test
    void orderIsPerSenderSoInterleavedSendersAreFine() {
        int[] roomOf = rooms(2, 1);
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 3);
        // recipient 0 sees all of sender 1 first, then all of sender 0: allowed (§7.3)
        for (int q = 0; q < 3; q++) assertEquals(Outcome.OK, ledger.record(0, 1, q));
        for (int q = 0; q < 3; q++) assertEquals(Outcome.OK, ledger.record(0, 0, q));
        for (int q = 0; q < 3; q++) {
            ledger.record(1, 0, q);
            ledger.record(1, 1, q);
        }
        assertTrue(ledger.finish(sent(2, 3), 10).ok());
    }

    @Test
    void aDeliveryFromAnotherRoomIsMisrouted() {
        int[] roomOf = rooms(4, 2); // room 0: users 0, 2; room 1: users 1, 3
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 2);
        deliverAll(ledger, roomOf, 2);
        assertEquals(Outcome.MISROUTED, ledger.record(0, 1, 0));
        Result r = ledger.finish(sent(4, 2), 10);
        assertEquals(4 * 2 * 2, r.expected());
        assertEquals(1, r.misrouted());
        assertFalse(r.ok());
    }

    @Test
    void unknownSendersSequencesAndUnreadableFramesAreReported() {
        int[] roomOf = rooms(2, 1);
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 2);
        deliverAll(ledger, roomOf, 2);
        assertEquals(Outcome.UNKNOWN, ledger.record(0, 7, 0));
        assertEquals(Outcome.UNKNOWN, ledger.record(0, 1, 2));
        assertEquals(Outcome.UNKNOWN, ledger.record(0, 1, -1));
        ledger.recordUnreadable(1);
        Result r = ledger.finish(sent(2, 2), 10);
        assertEquals(4, r.unknown());
        assertFalse(r.ok());
    }

    @Test
    void aMessageDeliveredThatItsSenderNeverFinishedSendingIsExtra() {
        int[] roomOf = rooms(2, 1);
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 3);
        deliverAll(ledger, roomOf, 3);
        Result r = ledger.finish(new long[] {3, 2}, 10); // sender 1's third send failed, yet it arrived
        assertEquals(2, r.extra());
        assertEquals(0, r.lost());
        assertFalse(r.ok());
    }

    @Test
    void everyKindAtOnceIsCountedIndependently() {
        int[] roomOf = rooms(6, 2);
        DeliveryLedger ledger = new DeliveryLedger(roomOf, 10);
        int lostSkipped = 0;
        for (int q = 0; q < 10; q++) {
            for (int s = 0; s < 6; s++) {
                for (int r = 0; r < 6; r++) {
                    if (roomOf[r] != roomOf[s]) continue;
                    if (s == 0 && r == 2 && (q == 4 || q == 5)) {
                        lostSkipped++;
                        continue;
                    } // two lost
                    if (s == 3 && r == 5 && q == 7) continue; // delivered late, below
                    ledger.record(r, s, q);
                }
            }
        }
        ledger.record(5, 3, 7); // late: reordered
        ledger.record(4, 4, 9); // duplicate
        ledger.record(4, 4, 9); // and again
        Result r = ledger.finish(sent(6, 10), 10);
        assertEquals(2, lostSkipped);
        assertEquals(6 * 10 * 3, r.expected());
        assertEquals(r.expected() - 2, r.delivered());
        assertEquals(2, r.lost());
        assertEquals(1, r.reordered());
        assertEquals(2, r.duplicates());
        assertEquals(5, r.violations());
        assertEquals(3, r.violatingPairs());
    }
}
