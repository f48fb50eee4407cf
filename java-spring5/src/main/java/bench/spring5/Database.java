package bench.spring5;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.connection.DelegatingConnectionFactory;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * Boot's r2dbc pool (application.properties), reached by transactions and statements through one deadline: a
 * request waits at most {@link #ACQUIRE_TIMEOUT} for a connection, whether the pool is saturated or the database
 * away, and is then answered 503 (spec/API.md §6.5). The deadline is here rather than the pool's
 * max-acquire-time because r2dbc-pool applies that to each attempt and retries a timed-out attempt too. The
 * retries (acquire-retry) are there for connections a database restart broke: validation finds each one closed
 * and the acquire moves on to the next.
 */
@Configuration(proxyBeanMethods = false)
class Database {

    static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(2);

    @Bean
    R2dbcTransactionManager transactionManager(ConnectionPool pool) {
        return new R2dbcTransactionManager(new WithDeadline(pool));
    }

    /** On the transaction manager's connection factory, so that statements join its transactions. */
    @Bean
    DatabaseClient databaseClient(R2dbcTransactionManager transactions) {
        return DatabaseClient.create(transactions.getConnectionFactory());
    }

    private static final class WithDeadline extends DelegatingConnectionFactory {
        WithDeadline(ConnectionFactory pool) {
            super(pool);
        }

        @Override
        public Mono<? extends Connection> create() {
            return super.create().timeout(ACQUIRE_TIMEOUT);
        }
    }
}
