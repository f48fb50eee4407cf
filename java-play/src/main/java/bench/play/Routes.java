package bench.play;

import bench.play.bookings.Aggregates;
import bench.play.bookings.Bookings;
import bench.play.chat.Chat;
import bench.play.event.EventEcho;
import bench.play.health.Health;
import bench.play.hello.Hello;
import bench.play.statics.StaticFiles;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import play.api.mvc.Handler;
import play.libs.streams.Accumulator;
import play.mvc.EssentialAction;
import play.mvc.Http;
import play.mvc.Result;
import play.routing.Router;

/**
 * The whole route table, one line per route. Play's Java {@link Router} interface rather than the routing DSL: the
 * DSL gives every route the same body parser (here 415 must come before 413, on the routes with a body) and has no
 * 405. Routes match the path as sent (spec/API.md §1.4): no decoding, no trailing slash; every path that starts with
 * /static/ is the static route, whatever follows. No route: Play asks {@link Errors} for the 404.
 */
final class Routes implements Router {
    private static final String GET_HEAD = "GET, HEAD";

    private final EssentialAction hello;
    private final EssentialAction health;
    private final EssentialAction statics;
    private final EssentialAction event;
    private final EssentialAction bookings;
    private final EssentialAction aggregates;
    private final Handler chat;

    Routes(
            Bodies bodies,
            Hello hello,
            Health health,
            StaticFiles statics,
            EventEcho event,
            Bookings bookings,
            Aggregates aggregates,
            Chat chat) {
        this.hello = action(request -> java.util.concurrent.CompletableFuture.completedFuture(hello.hello()));
        this.health = action(request -> health.health());
        this.statics = action(statics::serve);
        this.event = bodies.accepting(List.of(Bodies.JSON), event::echo);
        this.bookings = bodies.accepting(List.of(Bodies.PROTOBUF, Bodies.JSON), bookings::book);
        this.aggregates = action(aggregates::aggregates);
        this.chat = chat.webSocket();
    }

    @Override
    public Optional<Handler> route(Http.RequestHeader request) {
        String method = request.method();
        boolean read = method.equals("GET") || method.equals("HEAD");
        String path = request.path();
        Handler handler = switch (path) {
            case "/hello" -> read ? hello : notAllowed(GET_HEAD);
            case "/health" -> read ? health : notAllowed(GET_HEAD);
            case "/event" -> method.equals("POST") ? event : notAllowed("POST");
            case "/bookings" -> method.equals("POST") ? bookings : notAllowed("POST");
            case "/aggregates" -> read ? aggregates : notAllowed(GET_HEAD);
            case "/chat" -> method.equals("GET") ? chat : notAllowed("GET");
            default -> path.startsWith("/static/") ? (read ? statics : notAllowed(GET_HEAD)) : null;
        };
        return Optional.ofNullable(handler);
    }

    private static EssentialAction action(Function<Http.RequestHeader, CompletionStage<Result>> handler) {
        return EssentialAction.of(request -> Accumulator.done(handler.apply(request)));
    }

    private static EssentialAction notAllowed(String allow) {
        return EssentialAction.of(request -> Accumulator.done(Errors.methodNotAllowed(allow)));
    }

    @Override
    public List<RouteDocumentation> documentation() {
        return List.of();
    }

    @Override
    public Router withPrefix(String prefix) {
        throw new UnsupportedOperationException("the routes are the whole application");
    }
}
