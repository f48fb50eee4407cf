package bench.vertx;

import bench.contract.Environment;
import bench.vertx.chat.ChatRooms;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.net.NetClientOptions;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.mysqlclient.MySQLConnectOptions;
import io.vertx.mysqlclient.SslMode;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Entry point: Vert.x with WORKERS event loops, one shared MySQL pool of DB_POOL_SIZE connections, the chat
 * rooms, and WORKERS instances of {@link ServerVerticle} on one port.
 */
public final class App {
    // A request waits at most 2 s for a connection, whether the pool is saturated or the database away, and a
    // connect that gets no answer is given up as soon (spec/API.md §6.5).
    /** Its stack.json port, PORT's default. */
    private static final int PORT = 8082;

    private static final int ACQUIRE_TIMEOUT_SECONDS = 2;
    /**
     * Vert.x logs a failed sendfile region at SEVERE with no way to handle it (VertxConnection.sendFileRegion),
     * so every client that leaves in the middle of a file over 1 MiB would leave a stack trace. A peer going
     * away is not our error (spec/API.md §4.5: no log line per disconnect): only those IOExceptions are
     * filtered out; anything else from that logger still shows. Held here because JUL keeps loggers weakly.
     */
    private static final Logger CONNECTION_LOG = Logger.getLogger("io.vertx.core.net.impl.VertxConnection");
    /**
     * With the EventBus fan-out, frames published to a room before a member left can reach that member's consumer
     * after it was unregistered; Vert.x drops them (the member is gone: nothing is lost) and logs a WARNING for each.
     * That is a disconnect, not an error, so exactly that message is filtered out.
     */
    private static final Logger CONSUMER_LOG = Logger.getLogger("io.vertx.core.eventbus.impl.MessageConsumerImpl");

    private static final String DISCARDED = "Discarding message since the consumer is not registered";

    private App() {}

    public static void main(String[] args) {
        Environment config = Environment.read(System.getenv(), PORT);
        CONNECTION_LOG.setFilter(record -> !(record.getThrown() instanceof IOException));
        CONSUMER_LOG.setFilter(
                record -> record.getMessage() == null || !record.getMessage().startsWith(DISCARDED));
        // The blocked-thread checker looks every second and warns when an event loop has been busy with one task
        // for 2 s: any warning it prints fails the conformance run, which is how "never block an event loop" is
        // enforced here rather than hoped for.
        Vertx vertx = Vertx.vertx(new VertxOptions()
                .setPreferNativeTransport(true) // epoll; Vert.x falls back to NIO where it is missing
                .setEventLoopPoolSize(config.workers())
                .setBlockedThreadCheckInterval(1)
                .setBlockedThreadCheckIntervalUnit(TimeUnit.SECONDS)
                .setMaxEventLoopExecuteTime(2)
                .setMaxEventLoopExecuteTimeUnit(TimeUnit.SECONDS));
        Pool pool = MySQLBuilder.pool()
                .with(new PoolOptions()
                        .setMaxSize(config.dbPoolSize())
                        .setConnectionTimeout(ACQUIRE_TIMEOUT_SECONDS)
                        .setConnectionTimeoutUnit(TimeUnit.SECONDS))
                .with(new NetClientOptions()
                        .setConnectTimeout((int) TimeUnit.SECONDS.toMillis(ACQUIRE_TIMEOUT_SECONDS)))
                .connectingTo(new MySQLConnectOptions()
                        .setHost(config.dbHost())
                        .setPort(config.dbPort())
                        .setDatabase(config.dbName())
                        .setUser(config.dbUser())
                        .setPassword(config.dbPassword())
                        // Plaintext, as every stack connects (spec/API.md §8); Vert.x 5.1+ prefers TLS.
                        .setSslMode(SslMode.DISABLED)
                        .setCharset("utf8mb4")
                        .setCachePreparedStatements(true))
                .using(vertx)
                .build();
        ChatRooms rooms = ChatRooms.create(ChatFanout.of(System.getenv()), vertx);
        vertx.deployVerticle(
                        () -> new ServerVerticle(config, pool, rooms),
                        new DeploymentOptions().setInstances(config.workers()))
                .onSuccess(id -> {
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown(vertx, id, pool), "shutdown"));
                    System.out.printf(
                            "java-vertx listening on port %d, workers=%d, db pool=%d, java %s%n",
                            config.port(), config.workers(), config.dbPoolSize(), Runtime.version());
                })
                .onFailure(failure -> {
                    System.err.println("java-vertx failed to start: " + failure);
                    vertx.close();
                    System.exit(1);
                });
    }

    /**
     * SIGTERM (or SIGINT), on the JVM's shutdown-hook thread, one step after the other: undeploying stops every
     * ServerVerticle (1001 to chat sockets, then up to 10 s for in-flight requests), then the pool and Vert.x
     * close. A JVM ended by a signal exits with 128 + 15 even after its hooks ran; the contract wants 0 once
     * drained, which only halt can give from inside a hook.
     */
    private static void shutdown(Vertx vertx, String deployment, Pool pool) {
        // Budget: 1 s for chat close handshakes + 10 s drain, then 1 s each for the pool and Vert.x: the process
        // is gone well within the 15 s after which the runner would kill it.
        awaitQuietly(vertx.undeploy(deployment), ServerVerticle.DRAIN_SECONDS + 2);
        awaitQuietly(pool.close(), 1);
        awaitQuietly(vertx.close(), 1);
        Runtime.getRuntime().halt(0);
    }

    private static void awaitQuietly(Future<?> step, long seconds) {
        try {
            step.await(seconds, TimeUnit.SECONDS);
        } catch (Exception e) {
            // A step that fails or overruns must not keep the others from running: the process is leaving anyway.
        }
    }
}
