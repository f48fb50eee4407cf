package bench.vertx;

import bench.contract.Environment;
import bench.vertx.bookings.Aggregates;
import bench.vertx.bookings.BookingStore;
import bench.vertx.bookings.Bookings;
import bench.vertx.bookings.Retries;
import bench.vertx.chat.Chat;
import bench.vertx.chat.ChatRooms;
import bench.vertx.event.EventEcho;
import bench.vertx.health.Health;
import bench.vertx.hello.Hello;
import bench.vertx.statics.StaticFiles;
import io.netty.channel.ChannelHandlerContext;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.impl.HttpServerConnection;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import io.vertx.ext.web.Router;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP server on one event loop. App deploys WORKERS instances of it on the same port and Vert.x spreads
 * the connections over them; the pool and the chat rooms are shared by all instances.
 */
final class ServerVerticle extends VerticleBase {
    static final int MAX_MESSAGE_BYTES = 64 * 1024;
    /**
     * Above the message limit on purpose. Vert.x answers a frame over maxWebSocketFrameSize by dropping the TCP
     * connection without a close frame (1006), but a message over maxWebSocketMessageSize reaches the
     * WebSocket's exception handler, which closes with 1009 as the contract says. This bound only caps the
     * memory a single frame may take before it is refused.
     */
    static final int MAX_FRAME_BYTES = 1024 * 1024;

    static final long DRAIN_SECONDS = 10;
    private static final String STATIC_PREFIX = "/static/";
    private static final String STATIC_PATHS = "/static/.*";

    private final Environment config;
    private final Pool pool;
    private final ChatRooms rooms;
    private HttpServer server;
    private Router router;
    private Chat chat;
    private CharSequence date;

    ServerVerticle(Environment config, Pool pool, ChatRooms rooms) {
        this.config = config;
        this.pool = pool;
        this.rooms = rooms;
    }

    @Override
    public Future<?> start() {
        // Every response carries Date; formatting it once a second per event loop is what the Vert.x
        // benchmarks do, instead of per request.
        refreshDate();
        vertx.setPeriodic(1000, id -> refreshDate());
        chat = new Chat(rooms);
        HttpServerOptions options = new HttpServerOptions()
                .setMaxInitialLineLength(RequestDecoder.MAX_REQUEST_LINE)
                .setMaxHeaderSize(RequestDecoder.MAX_HEADER_SIZE)
                .setMaxWebSocketFrameSize(MAX_FRAME_BYTES)
                .setMaxWebSocketMessageSize(MAX_MESSAGE_BYTES)
                // No permessage-deflate (Vert.x offers it by default, ws does not): the relay sends the bytes it
                // received, and the outbound bound counts what really waits for the peer.
                .setPerMessageWebSocketCompressionSupported(false)
                .setPerFrameWebSocketCompressionSupported(false)
                // ws's close timeout: a peer that does not read the close frame is dropped after 30 s, not sooner.
                .setWebSocketClosingTimeout(30)
                // HTTP/1.x only (no h2c upgrade, no HTTP/2 prior knowledge): the HTTP/1 pipeline is then built when
                // the connection is accepted, so the connection handler can swap in RequestDecoder before a byte is
                // read.
                .setHttp2ClearTextEnabled(false);
        router = routes();
        server = vertx.createHttpServer(options)
                .requestHandler(this::everyRequest)
                .invalidRequestHandler(this::invalidRequest)
                .connectionHandler(connection -> connected(connection, options));
        return server.listen(config.port(), config.listenHost());
    }

    /**
     * Vert.x's request decoder replaced by RequestDecoder, through an impl class and the pipeline as Chat reaches them:
     * Vert.x has no option for either. When the decoder refuses a request's body, this Vert.x closes the channel right
     * after the exception handler without flushing (later releases close through the channel, which flushes), so an
     * answer written before the body was read (GET /hello answers at once) is flushed first.
     */
    private static void connected(HttpConnection connection, HttpServerOptions options) {
        ChannelHandlerContext channel = ((HttpServerConnection) connection).channelHandlerContext();
        channel.pipeline().replace(VertxHttpRequestDecoder.class, "httpDecoder", new RequestDecoder(options));
        connection.exceptionHandler(failure -> {
            if (Errors.isMalformedRequest(failure)) {
                channel.flush();
            } else {
                Errors.connectionFailed(failure);
            }
        });
    }

    private Router routes() {
        Bookings bookings = new Bookings(new BookingStore(pool), new Retries(vertx));
        Router router = Router.router(vertx);
        router.route("/hello").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(new Hello());
        router.route("/hello").handler(Errors.methodNotAllowed("GET, HEAD"));
        router.route("/health").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(new Health(pool));
        router.route("/health").handler(Errors.methodNotAllowed("GET, HEAD"));
        // Every path that starts with /static/ is the static route, whatever follows (spec/API.md §1.4). A regex
        // without groups, because vertx-web decodes the rest of a "/static/*" path before it checks the method, and
        // a malformed escape there ("PUT /static/%zz") would be its 400 instead of this route's 405; StaticFiles
        // decodes the path itself.
        router.routeWithRegex(STATIC_PATHS)
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(new StaticFiles(vertx, config.staticRoot()));
        router.routeWithRegex(STATIC_PATHS).handler(Errors.methodNotAllowed("GET, HEAD"));
        // The media-type gate is a route of its own: vertx-web wants BodyHandler first on a route, and 415 must
        // come before 413.
        router.post("/event").handler(Bodies.requireMediaType(Bodies.JSON));
        router.post("/event").handler(Bodies.limited()).handler(new EventEcho());
        router.route("/event").handler(Errors.methodNotAllowed("POST"));
        router.post("/bookings").handler(Bodies.requireMediaType(Bodies.PROTOBUF, Bodies.JSON));
        router.post("/bookings").handler(Bodies.limited()).handler(bookings);
        router.route("/bookings").handler(Errors.methodNotAllowed("POST"));
        router.route("/aggregates")
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(new Aggregates(pool));
        router.route("/aggregates").handler(Errors.methodNotAllowed("GET, HEAD"));
        router.get("/chat").handler(chat);
        router.route("/chat").handler(Errors.methodNotAllowed("GET"));
        // Every route matches the path as sent (spec/API.md §1.4), not vertx-web's normalised one, percent-decoded and
        // with "//", "." and ".." resolved, by which "/%68ello" or "/static/../hello" would reach /hello.
        router.getRoutes().forEach(route -> route.useNormalizedPath(false));
        router.route().failureHandler(Errors::handle);
        router.errorHandler(404, Errors::notFound);
        // The router's own 400, for a request it refuses before any route runs.
        router.errorHandler(400, Errors::badRequest);
        return router;
    }

    /**
     * The Date of every response; a chunked body, whose framing can still break once its route began, gets the
     * request's exception handler that answers 400 (no other body can, and GET /hello has none); RFC 9112 §3.2: a
     * request whose host is ambiguous or missing is answered 400; and no exact route ends with a slash, while
     * vertx-web's exact routes ignore a trailing one ("/hello/" would be /hello). A /static/ path is the static route
     * whatever follows, so it goes to the router as it is: its wrong method gets 405 before the path is looked at, and
     * the static handler answers its trailing slash with 404. Ahead of the router rather than routes of their own:
     * fewer routes to walk and no next() per request.
     */
    private void everyRequest(HttpServerRequest request) {
        request.response().headers().add(HttpHeaders.DATE, date);
        if (request.headers().contains(HttpHeaders.TRANSFER_ENCODING)) {
            request.exceptionHandler(Errors.malformedBody(request));
        }
        String hostProblem = HostHeader.problem(request);
        if (hostProblem != null) {
            Errors.send(request.response(), 400, hostProblem);
            return;
        }
        String path = request.path();
        if (path != null && path.endsWith("/") && !path.startsWith(STATIC_PREFIX)) {
            Errors.send(request.response(), 404, "Not found");
            return;
        }
        router.handle(request);
    }

    /** A request the decoder refused: Errors answers it, with the Date every response carries. */
    private void invalidRequest(HttpServerRequest request) {
        request.response().headers().add(HttpHeaders.DATE, date);
        Errors.invalidRequest(request);
    }

    private void refreshDate() {
        date = HttpHeaders.createOptimized(HttpDates.format(Instant.now()));
    }

    /** SIGTERM: chat sockets get 1001, in-flight requests have up to 10 s, then the server is gone. */
    @Override
    public Future<?> stop() {
        return chat.goingAway().eventually(() -> server.shutdown(DRAIN_SECONDS, TimeUnit.SECONDS));
    }
}
