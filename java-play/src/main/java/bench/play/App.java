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
        return new AppComponents(context).application();
    }
}
