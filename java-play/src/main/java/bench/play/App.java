package bench.play;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.Arrays;
import play.Application;
import play.ApplicationLoader;
import play.core.server.ProdServerStart;
import play.core.server.RealServerProcess;
import play.core.server.Server;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The jar's main class and Play's entry point for this application (play.application.loader in application.conf).
 * {@link #main} runs Play's production server, {@code play.core.server.ProdServerStart}, which reads the
 * configuration, calls {@link #load} and binds Pekko HTTP; once the port is bound it prints the contract's start-up
 * line (spec/API.md §1.2). The wiring is compile-time dependency injection (Play's
 * {@code BuiltInComponentsFromContext}), in {@link AppComponents}.
 */
public final class App implements ApplicationLoader {
    public static void main(String[] args) {
        Server server = (Server) ProdServerStart.start(new RealServerProcess(
                CollectionConverters.asScala(Arrays.asList(args)).toList()));
        Config config = ConfigFactory.load();
        System.out.printf(
                "java-play listening on port %d, workers=%d, db pool=%d, java %s%n",
                (Integer) server.httpPort().get(),
                workers(config),
                config.getInt("db.default.pool-size"),
                Runtime.version());
    }

    @Override
    public Application load(Context context) {
        AppComponents components = new AppComponents(context);
        // SIGTERM runs Play's CoordinatedShutdown from a JVM shutdown hook (chat sockets closed with 1001, the server
        // unbound, requests drained, the pool closed), but a JVM ended by a signal exits with 128 + 15 whatever its
        // hooks do; the contract wants 0 once that is done (spec/API.md §1.5), which only halt can give from there.
        components
                .actorSystem()
                .registerOnTermination(() -> Runtime.getRuntime().halt(0));
        return components.application();
    }

    /** The threads of Pekko's default dispatcher, as Pekko sizes its fork-join pool from application.conf. */
    private static int workers(Config config) {
        Config pool = config.getConfig("pekko.actor.default-dispatcher.fork-join-executor");
        int scaled = (int) Math.ceil(Runtime.getRuntime().availableProcessors() * pool.getDouble("parallelism-factor"));
        return Math.min(Math.max(scaled, pool.getInt("parallelism-min")), pool.getInt("parallelism-max"));
    }
}
