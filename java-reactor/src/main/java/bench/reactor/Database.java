package bench.reactor;

import io.asyncer.r2dbc.mysql.MySqlConnectionConfiguration;
import io.asyncer.r2dbc.mysql.MySqlConnectionFactory;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import java.time.Duration;
import java.time.ZoneOffset;

/**
 * The one r2dbc pool of the process: DB_POOL_SIZE connections at most, all opened at start-up (warmup) so
 * that the first requests do not pay for the handshakes, and a 30 s acquire timeout after which a request
 * is answered 503 rather than queued forever.
 */
public final class Database {

  private Database() {}

  public static ConnectionPool pool(Config config) {
    MySqlConnectionConfiguration mysql = MySqlConnectionConfiguration.builder()
        .host(config.dbHost())
        .port(config.dbPort())
        .user(config.dbUser())
        .password(config.dbPassword())
        .database(config.dbName())
        // origin_ts is converted to UTC in the application; the session agrees, whatever the server's zone.
        .connectionTimeZone(ZoneOffset.UTC.getId())
        .forceConnectionTimeZoneToSession(true)
        .connectTimeout(Duration.ofSeconds(5))
        .tcpNoDelay(true)
        .build();
    ConnectionPoolConfiguration pool = ConnectionPoolConfiguration.builder(MySqlConnectionFactory.from(mysql))
        .name("bookings")
        .initialSize(config.dbPoolSize())
        .maxSize(config.dbPoolSize())
        .maxAcquireTime(Duration.ofSeconds(30))
        .maxIdleTime(Duration.ofMinutes(30))
        .build();
    return new ConnectionPool(pool);
  }
}
