package bench.play;

import bench.play.bookings.Aggregates;
import bench.play.bookings.Bookings;
import bench.play.chat.Chat;
import bench.play.event.EventEcho;
import bench.play.health.Health;
import bench.play.hello.Hello;
import bench.play.statics.StaticFiles;
import java.util.List;
import java.util.concurrent.Executor;
import play.ApplicationLoader;
import play.BuiltInComponentsFromContext;
import play.core.ObjectMapperProvider;
import play.db.DBComponents;
import play.db.Database;
import play.db.HikariCPComponents;
import play.http.HttpErrorHandler;
import play.http.HttpRequestHandler;
import play.mvc.EssentialFilter;
import play.routing.Router;

/**
 * Compile-time dependency injection, Play's {@code BuiltInComponentsFromContext}: the database, the executor for
 * blocking JDBC, the workloads and the router, built once. No HTTP filters: Play's default ones (CSRF, security
 * headers, allowed hosts) guard browser sessions, which this API has none of. Play's request handler is wrapped in
 * {@link HeaderSectionLimit}, the one check of a request before it is routed.
 */
final class AppComponents extends BuiltInComponentsFromContext implements DBComponents, HikariCPComponents {
    private final Errors errors = new Errors();
    private final Router router;
    private final HttpRequestHandler requestHandler;

    AppComponents(ApplicationLoader.Context context) {
        super(context);
        Settings settings = Settings.from(config());
        Database database = database("default");
        Executor databaseExecutor = actorSystem().dispatchers().lookup("database.dispatcher");
        Chat chat = new Chat(actorSystem(), coordinatedShutdown());
        // Play's JSON mapper, as its Guice module builds it (Pekko's Jackson settings): getting it installs it as
        // Json.mapper(), which the bookings response and the error bodies are written with.
        new ObjectMapperProvider(applicationLifecycle().asScala(), actorSystem()).get();
        router = new Routes(
                new Bodies(errors),
                new Hello(),
                new Health(database, databaseExecutor),
                new StaticFiles(settings.staticRoot(), actorSystem()),
                new EventEcho(),
                new Bookings(database, databaseExecutor, actorSystem()),
                new Aggregates(database, databaseExecutor),
                chat);
        requestHandler = new HeaderSectionLimit(super.httpRequestHandler());
    }

    @Override
    public Router router() {
        return router;
    }

    @Override
    public HttpRequestHandler httpRequestHandler() {
        return requestHandler;
    }

    @Override
    public List<EssentialFilter> httpFilters() {
        return List.of();
    }

    @Override
    public HttpErrorHandler httpErrorHandler() {
        return errors;
    }
}
