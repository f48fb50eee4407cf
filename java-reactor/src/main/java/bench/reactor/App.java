package bench.reactor;

import bench.contract.Environment;
import bench.reactor.bookings.Aggregates;
import bench.reactor.bookings.BookingStore;
import bench.reactor.bookings.Bookings;
import bench.reactor.chat.Chat;
import bench.reactor.chat.ChatRooms;
import bench.reactor.event.EventEcho;
import bench.reactor.health.Health;
import bench.reactor.hello.Hello;
import bench.reactor.statics.StaticFiles;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.r2dbc.pool.ConnectionPool;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerRoutes;
import reactor.netty.resources.LoopResources;
import reactor.util.Loggers;
import sun.misc.Signal;

/**
 * Builds the server: one class per workload, wired by hand (no container), routed by reactor-netty's
 * {@link HttpServerRoutes}. Paths are matched exactly on the raw path: /hello/ and /Hello are unknown routes.
 */
public final class App {

    static final String NAME = "java-reactor";
    /** Its stack.json port, PORT's default. */
    static final int PORT = 8081;

    /** Held here: java.util.logging keeps only weak references to its loggers, and with them their levels. */
    private static final Logger DECODING_FAILURES = Logger.getLogger("reactor.netty.http.server.HttpServerOperations");

    private final Environment config;
    private final ConnectionPool pool;
    private final ChatRooms rooms = new ChatRooms();
    /** The open connections: disposeNow waits for their requests in flight only when the server has a group. */
    private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

    private final LoopResources loops;

    public App(Environment config) {
        this.config = config;
        this.pool = Database.pool(config);
        this.loops = LoopResources.create("reactor-http", 1, config.workers(), true);
    }

    public ConnectionPool pool() {
        return pool;
    }

    public ChatRooms rooms() {
        return rooms;
    }

    public LoopResources loops() {
        return loops;
    }

    /** The configured server, not yet bound. */
    public HttpServer server() {
        return HttpServer.create()
                .host(config.listenHost())
                .port(config.port())
                .runOn(loops)
                .channelGroup(connections)
                .httpRequestDecoder(
                        spec -> spec.maxInitialLineLength(Wire.MAX_REQUEST_LINE).maxHeaderSize(Wire.MAX_HEADER_SIZE))
                .doOnChannelInit((observer, channel, address) ->
                        channel.pipeline().addAfter(NettyPipeline.HttpCodec, "bench.wire", new Wire()))
                .route(this::routes);
    }

    void routes(HttpServerRoutes routes) {
        Hello hello = new Hello();
        Health health = new Health(pool);
        StaticFiles statics = new StaticFiles(config.staticRoot(), config.workers());
        EventEcho event = new EventEcho();
        Bookings bookings = new Bookings(new BookingStore(pool));
        Aggregates aggregates = new Aggregates(pool);
        Chat chat = new Chat(rooms);
        routes.route(
                        req -> Http.targetProblem(req) != null,
                        (req, res) -> Http.error(res, HttpResponseStatus.BAD_REQUEST, Http.targetProblem(req)))
                .route(exactly("/hello", HttpMethod.GET, HttpMethod.HEAD), hello::get)
                .route(exactly("/hello"), (req, res) -> Http.methodNotAllowed(res, "GET, HEAD"))
                .route(exactly("/health", HttpMethod.GET, HttpMethod.HEAD), health::get)
                .route(exactly("/health"), (req, res) -> Http.methodNotAllowed(res, "GET, HEAD"))
                .route(exactly("/aggregates", HttpMethod.GET, HttpMethod.HEAD), aggregates::get)
                .route(exactly("/aggregates"), (req, res) -> Http.methodNotAllowed(res, "GET, HEAD"))
                .route(staticPath(HttpMethod.GET, HttpMethod.HEAD), statics::serve)
                .route(staticPath(), (req, res) -> Http.methodNotAllowed(res, "GET, HEAD"))
                .route(exactly("/event", HttpMethod.POST), event::post)
                .route(exactly("/event"), (req, res) -> Http.methodNotAllowed(res, "POST"))
                .route(exactly("/bookings", HttpMethod.POST), bookings::post)
                .route(exactly("/bookings"), (req, res) -> Http.methodNotAllowed(res, "POST"))
                .route(exactly("/chat", HttpMethod.GET), chat::get)
                .route(exactly("/chat"), (req, res) -> Http.methodNotAllowed(res, "GET"))
                .route(req -> true, Http::notFound);
    }

    private static Predicate<HttpServerRequest> exactly(String path, HttpMethod... methods) {
        return req -> Http.path(req).equals(path) && allowed(req, methods);
    }

    private static Predicate<HttpServerRequest> staticPath(HttpMethod... methods) {
        return req -> StaticFiles.matches(Http.path(req)) && allowed(req, methods);
    }

    /** No methods listed: any method, for the 405 routes that follow the real ones. */
    private static boolean allowed(HttpServerRequest req, HttpMethod... methods) {
        for (HttpMethod method : methods) {
            if (req.method().equals(method)) {
                return true;
            }
        }
        return methods.length == 0;
    }

    public static void main(String[] args) {
        logging();
        Environment config = Environment.read(System.getenv(), PORT);
        App app = new App(config);
        // Best effort: an unreachable database must not keep the server from starting (health says DOWN).
        app.pool.warmup().onErrorReturn(0).block(Duration.ofSeconds(30));
        DisposableServer server = app.server().bindNow();
        Signal.handle(new Signal("TERM"), signal -> {
            app.stop(server);
            System.exit(0);
        });
        System.out.printf(
                "%s listening on port %d, workers=%d, db pool=%d, java %s%n",
                NAME, server.port(), config.workers(), config.dbPoolSize(), Runtime.version());
        System.out.flush();
        server.onDispose().block();
    }

    /**
     * Reactor and reactor-netty log through java.util.logging, as this stack does, so that a level can be set:
     * reactor-netty warns about every request its codec refuses, a client's error answered with 400. Called before
     * any of their classes logs.
     */
    static void logging() {
        Loggers.useJdkLoggers();
        DECODING_FAILURES.setLevel(Level.SEVERE);
    }

    /**
     * SIGTERM: chat sockets get their 1001 while the loops still run (a peer has 2 s to answer the close
     * frame), then the server stops accepting and drains requests in flight for up to 10 s, then the pool.
     */
    public void stop(DisposableServer server) {
        rooms.goAway().timeout(Duration.ofSeconds(2), Mono.empty()).block();
        try {
            server.disposeNow(Duration.ofSeconds(10));
        } catch (IllegalStateException drainTimedOut) {
            // Past the 10 s drain: what is still in flight is cut, and the shutdown goes on.
        }
        pool.disposeLater().block(Duration.ofSeconds(5));
        loops.disposeLater().block(Duration.ofSeconds(5));
    }
}
