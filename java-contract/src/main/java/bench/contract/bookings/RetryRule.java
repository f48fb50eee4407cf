package bench.contract.bookings;

import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a failed bookings transaction means (spec/API.md §6.5), by MariaDB's error code: a deadlock (1213), a lock
 * wait timeout (1205) or a duplicate key (1062: two first sales of one product racing to INSERT its aggregate) runs
 * the whole transaction again, {@link #ATTEMPTS} attempts in all, after a random 5–50 ms × n before attempt n+1; the
 * server shutting down or killing the connection as it does so (1053, 1927) is the database unavailable; an amount
 * past DECIMAL(19,2) (1264, which strict mode makes an error) is the 409 no retry can help. Each stack reads the code
 * from its driver's exception and waits the way its framework waits.
 */
public final class RetryRule {

    public static final int ATTEMPTS = 5;

    /** MariaDB's "Out of range value" (SQLSTATE 22003). */
    public static final int OUT_OF_RANGE = 1264;

    /** The 409's reason when the database refused a total past what DECIMAL(19,2) holds. */
    public static final String TOTAL_OVERFLOW = "the booking would take an aggregate's total past 99999999999999999.99";

    private static final Set<Integer> RETRYABLE = Set.of(1213, 1205, 1062);
    private static final Set<Integer> GOING_AWAY = Set.of(1053, 1927);

    private RetryRule() {}

    /** Whether a failure with this code runs the transaction again (while attempts remain). */
    public static boolean retryable(int errorCode) {
        return RETRYABLE.contains(errorCode);
    }

    /** Whether the server is going away: the database unavailable, not the request failing. */
    public static boolean goingAway(int errorCode) {
        return GOING_AWAY.contains(errorCode);
    }

    /** Before attempt n+1: a random 5–50 ms × n, so that the losers of a race do not collide again. */
    public static long backoffMillis(long attempt) {
        return attempt * ThreadLocalRandom.current().nextLong(5, 51);
    }
}
