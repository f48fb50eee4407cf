package bench.chat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Counts and verifies every delivery of a chat run, for every (sender, recipient) pair.
 *
 * <p>Users are numbered 0..n-1 and each is in one room. Every user sends messages with sequence numbers 0, 1, 2, …;
 * the server must deliver each one exactly once to every member of the sender's room (the sender included), and
 * from any one sender in the order sent (spec/API.md §7.3). For each recipient the ledger keeps, per sender in its
 * room, the set of sequence numbers seen and the highest one, so a delivery is classified as it arrives:
 * <ul>
 *   <li>{@link Outcome#DUPLICATE}: this (sender, seq) was already delivered to this recipient;</li>
 *   <li>{@link Outcome#REORDERED}: first delivery, but a later message of the same sender arrived before it;</li>
 *   <li>{@link Outcome#MISROUTED}: the sender is in another room;</li>
 *   <li>{@link Outcome#UNKNOWN}: a sender or sequence number this run never used;</li>
 *   <li>{@link Outcome#OK} otherwise.</li>
 * </ul>
 * Loss is known only at the end: {@link #finish(long[])} takes how many messages each sender really sent (a
 * prefix 0..sent-1) and counts every expected (sender, seq, recipient) that never arrived.
 *
 * <p>Threads: calls for one recipient must not overlap (a WebSocket listener is called sequentially); different
 * recipients may record concurrently, since each one's state is its own. Call finish after recording has stopped.
 */
public final class DeliveryLedger {

    public enum Outcome {
        OK,
        DUPLICATE,
        REORDERED,
        MISROUTED,
        UNKNOWN
    }

    private final int[] roomOf;
    private final int capacity;
    private final Recipient[] recipients;

    private static final class Recipient {
        final BitSet[] seen; // per sender; null for senders of other rooms
        final int[] highest; // per sender: highest seq delivered, -1 before the first
        final long[] duplicates;
        final long[] reordered;
        long misrouted;
        long unknown;

        Recipient(int users) {
            seen = new BitSet[users];
            highest = new int[users];
            duplicates = new long[users];
            reordered = new long[users];
            java.util.Arrays.fill(highest, -1);
        }
    }

    /**
     * @param roomOf   the room of every user (index = user)
     * @param capacity the most messages any sender may send (sequence numbers 0..capacity-1)
     */
    public DeliveryLedger(int[] roomOf, int capacity) {
        this.roomOf = roomOf.clone();
        this.capacity = capacity;
        this.recipients = new Recipient[roomOf.length];
        for (int r = 0; r < roomOf.length; r++) {
            Recipient recipient = new Recipient(roomOf.length);
            for (int s = 0; s < roomOf.length; s++) {
                if (roomOf[s] == roomOf[r]) recipient.seen[s] = new BitSet(capacity);
            }
            recipients[r] = recipient;
        }
    }

    public int users() {
        return roomOf.length;
    }

    /** Records that {@code recipient} received message {@code seq} of {@code sender}. */
    public Outcome record(int recipient, int sender, long seq) {
        Recipient r = recipients[recipient];
        if (sender < 0 || sender >= roomOf.length || seq < 0 || seq >= capacity) {
            r.unknown++;
            return Outcome.UNKNOWN;
        }
        BitSet seen = r.seen[sender];
        if (seen == null) {
            r.misrouted++;
            return Outcome.MISROUTED;
        }
        int q = (int) seq;
        if (seen.get(q)) {
            r.duplicates[sender]++;
            return Outcome.DUPLICATE;
        }
        seen.set(q);
        if (q < r.highest[sender]) {
            r.reordered[sender]++;
            return Outcome.REORDERED;
        }
        r.highest[sender] = q;
        return Outcome.OK;
    }

    /** A frame the recipient could not read as one of this run's messages (counted as UNKNOWN). */
    public void recordUnreadable(int recipient) {
        recipients[recipient].unknown++;
    }

    /** One (sender, recipient) pair that broke the contract. */
    public record PairViolation(int sender, int recipient, long lost, long duplicates, long reordered) {}

    /**
     * The verdict. {@code delivered} counts distinct expected messages that arrived (so delivered == expected
     * means nothing was lost); duplicates, reordered, misrouted and unknown deliveries are counted apart.
     * {@code extra} counts first deliveries of sequence numbers the sender never finished sending.
     */
    public record Result(
            long expected,
            long delivered,
            long lost,
            long duplicates,
            long reordered,
            long misrouted,
            long unknown,
            long extra,
            long pairs,
            long violatingPairs,
            List<PairViolation> examples) {
        public long violations() {
            return lost + duplicates + reordered + misrouted + unknown + extra;
        }

        public boolean ok() {
            return violations() == 0 && delivered == expected;
        }
    }

    /**
     * @param sent how many messages each sender sent (sequence numbers 0..sent[s]-1 went out)
     * @param maxExamples how many violating pairs to list
     */
    public Result finish(long[] sent, int maxExamples) {
        if (sent.length != roomOf.length)
            throw new IllegalArgumentException("sent has " + sent.length + " senders, not " + roomOf.length);
        long expected = 0,
                delivered = 0,
                lost = 0,
                duplicates = 0,
                reordered = 0,
                misrouted = 0,
                unknown = 0,
                extra = 0;
        long pairs = 0, violating = 0;
        List<PairViolation> examples = new ArrayList<>();
        for (int r = 0; r < recipients.length; r++) {
            Recipient recipient = recipients[r];
            misrouted += recipient.misrouted;
            unknown += recipient.unknown;
            for (int s = 0; s < roomOf.length; s++) {
                BitSet seen = recipient.seen[s];
                if (seen == null) continue;
                pairs++;
                int n = (int) Math.min(sent[s], capacity);
                long got = seen.get(0, n).cardinality();
                long pairLost = n - got;
                long pairExtra = seen.cardinality() - got;
                expected += n;
                delivered += got;
                lost += pairLost;
                extra += pairExtra;
                duplicates += recipient.duplicates[s];
                reordered += recipient.reordered[s];
                if (pairLost + pairExtra + recipient.duplicates[s] + recipient.reordered[s] > 0) {
                    violating++;
                    if (examples.size() < maxExamples) {
                        examples.add(
                                new PairViolation(s, r, pairLost, recipient.duplicates[s], recipient.reordered[s]));
                    }
                }
            }
        }
        return new Result(
                expected,
                delivered,
                lost,
                duplicates,
                reordered,
                misrouted,
                unknown,
                extra,
                pairs,
                violating,
                examples);
    }
}
