package bench.contract.bookings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RetryRuleTest {

    @Test
    void deadlocksLockWaitsAndRacingFirstSalesRunAgain() {
        assertTrue(RetryRule.retryable(1213));
        assertTrue(RetryRule.retryable(1205));
        assertTrue(RetryRule.retryable(1062));
        assertFalse(RetryRule.retryable(RetryRule.OUT_OF_RANGE));
        assertFalse(RetryRule.retryable(1053));
        assertFalse(RetryRule.retryable(0));
    }

    @Test
    void theServerGoingAwayIsTheDatabaseUnavailable() {
        assertTrue(RetryRule.goingAway(1053));
        assertTrue(RetryRule.goingAway(1927));
        assertFalse(RetryRule.goingAway(1213));
    }

    @Test
    void fiveAttemptsInAll() {
        assertEquals(5, RetryRule.ATTEMPTS);
    }

    @Test
    void theBackoffIsFiveToFiftyMillisecondsTimesTheAttempt() {
        for (int attempt = 1; attempt < RetryRule.ATTEMPTS; attempt++) {
            for (int i = 0; i < 200; i++) {
                long wait = RetryRule.backoffMillis(attempt);
                assertTrue(wait >= 5L * attempt && wait <= 50L * attempt, attempt + ": " + wait);
                assertEquals(0, wait % attempt);
            }
        }
    }
}
