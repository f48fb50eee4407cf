package bench.play;

import play.Application;
import play.ApplicationLoader;

/**
 * Play's entry point for this application (play.application.loader in application.conf). Play's production server,
 * {@code play.core.server.ProdServerStart}, is the jar's main class: it reads the configuration, calls this loader and
 * binds Pekko HTTP. The wiring is compile-time dependency injection (Play's {@code BuiltInComponentsFromContext}),
 * in {@link AppComponents}.
 */
public final class App implements ApplicationLoader {
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
}
