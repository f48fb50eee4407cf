package bench.mvc.bookings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.contract.bookings.RetryRule;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.hibernate.TransactionException;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.exception.internal.SQLExceptionTypeDelegate;
import org.hibernate.exception.internal.SQLStateConversionDelegate;
import org.hibernate.exception.internal.StandardSQLExceptionConverter;
import org.hibernate.exception.spi.SQLExceptionConverter;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.orm.jpa.vendor.HibernateJpaDialect;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.util.backoff.BackOffExecution;
import org.springframework.web.ErrorResponseException;

/** The failures of spec/API.md §6.5 as the MariaDB driver raises them, Hibernate converts and Spring translates. */
class RetriesTest {

    private static final MariaDBDialect DIALECT = new MariaDBDialect();
    /** Hibernate's own chain for the dialect, as its JdbcEnvironment builds it. */
    private static final SQLExceptionConverter HIBERNATE = new StandardSQLExceptionConverter(
            DIALECT.buildSQLExceptionConversionDelegate(),
            new SQLExceptionTypeDelegate(DIALECT),
            new SQLStateConversionDelegate(DIALECT));

    private static final HibernateJpaDialect SPRING = new HibernateJpaDialect();
    /** What JpaTransactionManager says when it cannot begin. */
    private static final String BEGIN = "Could not open JPA EntityManager for transaction";

    private final Retries retries = new Retries();

    private static RuntimeException translated(SQLException error) {
        return SPRING.translateExceptionIfPossible(HIBERNATE.convert(error, "statement failed", "sql"));
    }

    private static RuntimeException deadlock() {
        return translated(new SQLTransactionRollbackException("Deadlock found", "40001", 1213));
    }

    private static RuntimeException lockWaitTimeout() {
        return translated(new SQLException("Lock wait timeout exceeded", "HY000", 1205));
    }

    private static RuntimeException duplicateKey() {
        return translated(new SQLIntegrityConstraintViolationException("Duplicate entry", "23000", 1062));
    }

    private static <T> Supplier<T> failing(AtomicInteger attempts, RuntimeException failure) {
        return () -> {
            attempts.incrementAndGet();
            throw failure;
        };
    }

    private static void assertBusy(Throwable e, String reason) {
        assertThat(e).isInstanceOfSatisfying(ErrorResponseException.class, busy -> {
            assertThat(busy.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
            assertThat(busy.getHeaders().getFirst("Retry-After")).isEqualTo("1");
            assertThat(busy.getBody().getDetail()).isEqualTo(reason);
        });
    }

    @Test
    void retriesDeadlocksLockTimeoutsAndDuplicateKeys() {
        for (RuntimeException conflict : new RuntimeException[] {deadlock(), lockWaitTimeout(), duplicateKey()}) {
            AtomicInteger attempts = new AtomicInteger();
            int result = retries.run(() -> {
                if (attempts.incrementAndGet() < 3) throw conflict;
                return 7;
            });
            assertThat(result).as(conflict.toString()).isEqualTo(7);
            assertThat(attempts).hasValue(3);
        }
    }

    @Test
    void givesUpAfterFiveAttemptsWith503() {
        AtomicInteger attempts = new AtomicInteger();
        assertThatThrownBy(() -> retries.run(failing(attempts, deadlock())))
                .satisfies(e -> assertBusy(e, "the booking kept conflicting; try again"));
        assertThat(attempts).hasValue(RetryRule.ATTEMPTS);
    }

    @Test
    void otherErrorsAreNotRetried() {
        RuntimeException outOfRange = translated(new SQLSyntaxErrorException("Out of range value", "22003", 1264));
        RuntimeException foreignKey =
                translated(new SQLIntegrityConstraintViolationException("no parent", "23000", 1452));
        for (RuntimeException failure : new RuntimeException[] {outOfRange, foreignKey, new IllegalStateException()}) {
            AtomicInteger attempts = new AtomicInteger();
            assertThatThrownBy(() -> retries.run(failing(attempts, failure))).isSameAs(failure);
            assertThat(attempts).hasValue(1);
        }
    }

    @Test
    void aDatabaseUnavailableIs503AndNotRetried() {
        RuntimeException poolTimeout = new CannotCreateTransactionException(
                BEGIN,
                HIBERNATE.convert(
                        new SQLTransientConnectionException("bookings - Connection is not available"), "", null));
        RuntimeException refused = new CannotCreateTransactionException(
                BEGIN,
                HIBERNATE.convert(new SQLNonTransientConnectionException("Connection refused", "08000"), "", null));
        RuntimeException lost = translated(new SQLNonTransientConnectionException("Connection reset", "08S01", 0));
        RuntimeException shutdown =
                translated(new SQLNonTransientConnectionException("Server shutdown", "08S01", 1053));
        RuntimeException killed = translated(new SQLTimeoutException("Connection was killed", "70100", 1927));
        // HikariCP's closed connection has no SQLState: Spring leaves the failed rollback uncategorized.
        RuntimeException rollback = SPRING.translateExceptionIfPossible(new TransactionException(
                "Unable to rollback against JDBC Connection", new SQLException("Connection is closed")));
        for (RuntimeException failure :
                new RuntimeException[] {poolTimeout, refused, lost, shutdown, killed, rollback}) {
            AtomicInteger attempts = new AtomicInteger();
            assertThatThrownBy(() -> retries.run(failing(attempts, failure)))
                    .as(failure.toString())
                    .satisfies(e -> assertBusy(e, "the database is unavailable; try again"));
            assertThat(attempts).hasValue(1);
        }
    }

    @Test
    void pausesGrowWithTheAttemptAndStopAfterTheFourth() {
        BackOffExecution pauses = Retries.PAUSES.start();
        for (int attempt = 1; attempt < RetryRule.ATTEMPTS; attempt++) {
            assertThat(pauses.nextBackOff()).isBetween(5L * attempt, 50L * attempt);
        }
        assertThat(pauses.nextBackOff()).isEqualTo(BackOffExecution.STOP);
    }
}
