package bench.reactor;

import bench.contract.Environment;
import io.asyncer.r2dbc.mysql.MySqlConnectionConfiguration;
import io.asyncer.r2dbc.mysql.MySqlConnectionFactory;
import io.asyncer.r2dbc.mysql.constant.SslMode;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import java.time.Duration;
import java.time.ZoneOffset;

/**
 * The one r2dbc pool of the process: DB_POOL_SIZE connections at most, all opened at start-up (warmup) so
 * that the first requests do not pay for the handshakes.
 *
 * <p>A request waits at most {@link #ACQUIRE_TIMEOUT} for a connection, whether the pool is saturated or the
 * database away, and is then answered 503 (spec/API.md §6.5). The deadline is the caller's, around
 * {@code create()}, not the pool's maxAcquireTime: r2dbc-pool applies maxAcquireTime to each attempt and
 * retries a timed-out attempt too. The retries ({@code acquireRetry}) are there for connections a database
 * restart broke: validation finds each one closed and the acquire moves on to the next, so a restart of the
 * database costs no request as long as the pool holds fewer broken connections than that.
 */
public final class Database {

    public static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(2);

    private Database() {}

    public static ConnectionPool pool(Environment config) {
        MySqlConnectionConfiguration mysql = MySqlConnectionConfiguration.builder()
                .host(config.dbHost())
                .port(config.dbPort())
                .user(config.dbUser())
                .password(config.dbPassword())
                .database(config.dbName())
                // Plaintext, as every stack connects (spec/API.md §8); the driver would otherwise prefer TLS.
                .sslMode(SslMode.DISABLED)
                // origin_ts is converted to UTC in the application; the session agrees, whatever the server's zone.
                .connectionTimeZone(ZoneOffset.UTC.getId())
                .forceConnectionTimeZoneToSession(true)
                .connectTimeout(Duration.ofSeconds(2))
                .tcpNoDelay(true)
                .build();
        ConnectionPoolConfiguration pool = ConnectionPoolConfiguration.builder(MySqlConnectionFactory.from(mysql))
                .name("bookings")
                .initialSize(config.dbPoolSize())
                .maxSize(config.dbPoolSize())
                .acquireRetry(config.dbPoolSize())
                .maxIdleTime(Duration.ofMinutes(30))
                .build();
        return new ConnectionPool(pool);
    }
}
