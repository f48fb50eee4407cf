package bench.mvc.bookings;

import bench.contract.bookings.RetryRule;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.hibernate.TransactionException;
import org.hibernate.exception.ConstraintViolationException;
import org.hibernate.exception.ConstraintViolationException.ConstraintKind;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;
import org.springframework.web.ErrorResponseException;

/**
 * Which failures run the bookings transaction again, how often, after what pause (spec/API.md §6.5), on Spring's
 * exception translation and its {@link RetryTemplate}: a deadlock (1213) or lock wait timeout (1205), which
 * Hibernate's MariaDB dialect and Spring translate to a CannotAcquireLockException, and a duplicate key (1062: two
 * first sales of a product raced to insert its aggregate), a {@link DataIntegrityViolationException} from a unique
 * constraint. RetryRule.ATTEMPTS attempts in all, each in a new transaction; still conflicting, or the database unavailable: 503.
 */
@Component
class Retries {

    /**
     * Before attempt n + 1, java-contract's {@link RetryRule} pause. A BackOff of its own: Spring's ExponentialBackOff multiplies one
     * interval and jitters around it, which cannot make a random base times the attempt number.
     */
    static final BackOff PAUSES = () -> new BackOffExecution() {
        private int attempt;

        @Override
        public long nextBackOff() {
            return ++attempt < RetryRule.ATTEMPTS ? RetryRule.backoffMillis(attempt) : STOP;
        }
    };

    static final RetryPolicy POLICY =
            RetryPolicy.builder().predicate(Retries::conflict).backOff(PAUSES).build();

    private final RetryTemplate template = new RetryTemplate(POLICY);

    /** Runs {@code transaction}, which begins a new transaction each time it is called (a @Transactional method). */
    <T> T run(Supplier<T> transaction) {
        try {
            return template.invoke(transaction);
        } catch (RuntimeException e) {
            if (unavailable(e)) throw busy("the database is unavailable; try again");
            if (conflict(e)) {
                boolean interrupted = Thread.currentThread().isInterrupted();
                throw busy(interrupted ? "interrupted while retrying" : "the booking kept conflicting; try again");
            }
            throw e;
        }
    }

    /** Lost a race another transaction won: running it again will most likely succeed. */
    static boolean conflict(Throwable e) {
        if (e instanceof PessimisticLockingFailureException) return true;
        return e instanceof DataIntegrityViolationException
                && e.getCause() instanceof ConstraintViolationException cause
                && cause.getKind() == ConstraintKind.UNIQUE;
    }

    /**
     * The database unavailable, not the request wrong (spec/API.md §6.5), as Spring translates it: no connection to
     * begin with (the pool's 2 s acquire timeout, a connect refused: CannotCreateTransactionException), a connection
     * lost under the transaction or the server shutting down (1053: DataAccessResourceFailureException), a statement
     * the server killed as it went away (1927: QueryTimeoutException; no query here has a timeout of its own). A
     * rollback on a connection the server killed fails in JDBC too, but HikariCP reports the closed connection without
     * an SQLState, so Spring leaves Hibernate's TransactionException uncategorized.
     */
    static boolean unavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CannotCreateTransactionException
                    || t instanceof DataAccessResourceFailureException
                    || t instanceof TransientDataAccessResourceException
                    || t instanceof QueryTimeoutException
                    || t instanceof TransactionException && t.getCause() instanceof SQLException) {
                return true;
            }
        }
        return false;
    }

    /** Saturated or away, not broken: 503 with {@code Retry-After: 1}. */
    private static ErrorResponseException busy(String reason) {
        var busy = new ErrorResponseException(
                HttpStatus.SERVICE_UNAVAILABLE,
                ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, reason),
                null);
        busy.getHeaders().set(HttpHeaders.RETRY_AFTER, "1");
        return busy;
    }
}
