package bench.reactor.bookings;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import reactor.netty.channel.AbortedException;
import reactor.pool.PoolShutdownException;

/** Which failures mean the database is unavailable (503, spec/API.md §6.5) and which are the server's answers. */
class BookingStoreTest {

    @Test
    void noConnectionOrALostOneIsUnavailable() {
        assertTrue(BookingStore.unavailable(
                new TimeoutException("Did not observe any item or terminal signal within 2000ms")));
        assertTrue(BookingStore.unavailable(new R2dbcTimeoutException("acquire", new TimeoutException())));
        assertTrue(BookingStore.unavailable(new R2dbcNonTransientResourceException("Connection validation failed")));
        assertTrue(BookingStore.unavailable(new ConnectException("Connection refused")));
        assertTrue(BookingStore.unavailable(new RuntimeException("cleanup", new AbortedException("closed"))));
        assertTrue(BookingStore.unavailable(new R2dbcNonTransientResourceException("shutdown", "08S01", 1053)));
        assertTrue(BookingStore.unavailable(new R2dbcNonTransientResourceException("killed", "70100", 1927)));
        // A request that started on a kept-alive connection as the SIGTERM drain ended, after the pool was closed.
        assertTrue(BookingStore.unavailable(new PoolShutdownException()));
    }

    @Test
    void theServersConflictsAndErrorsAreNot() {
        assertFalse(BookingStore.unavailable(new R2dbcTransientResourceException("deadlock", "40001", 1213)));
        assertFalse(BookingStore.unavailable(new R2dbcTimeoutException("lock wait", "HY000", 1205)));
        assertFalse(BookingStore.unavailable(new R2dbcDataIntegrityViolationException("out of range", "22003", 1264)));
        assertFalse(BookingStore.unavailable(new IllegalStateException()));
    }

    @Test
    void aTotalPastDecimal19Comma2IsOutOfRangeAndNothingElseIs() {
        assertTrue(BookingStore.outOfRange(new R2dbcDataIntegrityViolationException("out of range", "22003", 1264)));
        assertFalse(BookingStore.outOfRange(new R2dbcDataIntegrityViolationException("duplicate", "23000", 1062)));
        assertFalse(BookingStore.outOfRange(new R2dbcTransientResourceException("deadlock", "40001", 1213)));
        assertFalse(Retries.retryable(new R2dbcDataIntegrityViolationException("out of range", "22003", 1264)));
    }
}
