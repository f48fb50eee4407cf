package bench.spring5;

import bench.spring5.bookings.Aggregates;
import bench.spring5.bookings.Bookings;
import bench.spring5.chat.Chat;
import bench.spring5.event.EventEcho;
import bench.spring5.health.Health;
import bench.spring5.hello.Hello;
import bench.spring5.statics.StaticFiles;
import java.util.HashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.http.codec.CodecCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.HandlerStrategies;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebHandler;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.core.publisher.Mono;

/**
 * The route table of spec/API.md. Each path lists its methods (HEAD is GET without the body, which Spring's
 * HEAD response decorator drops) and answers any other method with 405 and the contract's Allow; whatever
 * matches no path is a 404. The chat's upgrade is taken ahead of the router.
 */
@Configuration(proxyBeanMethods = false)
class Routes {

    private static final String CHAT = "/chat";
    private static final String STATIC = "/static/";
    private static final Mono<HandlerFunction<ServerResponse>> NOT_FOUND =
            Mono.just(request -> Mono.error(HttpError.notFound()));

    /**
     * One RouterFunction that finds the path in a map, then the method, as Spring's own TechEmpower entry routes
     * on the path: the builder's router ({@code RouterFunctions.route()}) tries its routes one after another
     * through a Flux on every request, which took a tenth of /hello's CPU in a profile.
     */
    @Bean
    RouterFunction<ServerResponse> router(
            Hello hello,
            Health health,
            StaticFiles statics,
            EventEcho event,
            Bookings bookings,
            Aggregates aggregates) {
        Map<String, Methods> exact = Map.of(
                "/hello", Methods.getAndHead(hello::get),
                "/health", Methods.getAndHead(health::get),
                "/event", Methods.of("POST", Map.of(HttpMethod.POST, event::echo)),
                "/bookings", Methods.of("POST", Map.of(HttpMethod.POST, bookings::create)),
                "/aggregates", Methods.getAndHead(aggregates::get));
        Methods files = Methods.getAndHead(statics::serve);
        return request -> {
            String path = request.requestPath().pathWithinApplication().value();
            Methods methods = exact.get(path);
            if (methods == null && path.startsWith(STATIC)) { // "/static" alone is no route (spec/API.md §1.4)
                methods = files;
            }
            return methods == null ? NOT_FOUND : methods.route(request);
        };
    }

    /** A path's handler per method, and the 405 with its Allow for every other method. */
    private record Methods(
            Map<HttpMethod, Mono<HandlerFunction<ServerResponse>>> handlers,
            Mono<HandlerFunction<ServerResponse>> notAllowed) {

        static Methods getAndHead(HandlerFunction<ServerResponse> handler) {
            return of("GET, HEAD", Map.of(HttpMethod.GET, handler, HttpMethod.HEAD, handler));
        }

        static Methods of(String allow, Map<HttpMethod, HandlerFunction<ServerResponse>> handlers) {
            HttpHeaders headers = new HttpHeaders();
            headers.set(HttpHeaders.ALLOW, allow);
            HttpError error = new HttpError(HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed", headers);
            Map<HttpMethod, Mono<HandlerFunction<ServerResponse>>> found = new HashMap<>();
            handlers.forEach((method, handler) -> found.put(method, Mono.just(handler)));
            return new Methods(Map.copyOf(found), Mono.just(request -> Mono.error(error)));
        }

        Mono<HandlerFunction<ServerResponse>> route(ServerRequest request) {
            return handlers.getOrDefault(request.method(), notAllowed);
        }
    }

    /**
     * The server's HttpHandler: the router as a WebHandler of its own (RouterFunctions.toWebHandler, as Spring's
     * reference runs functional endpoints without the annotation model) behind the WebFilters and exception handlers,
     * as Boot would assemble them. Every route is functional, so the DispatcherHandler's handler-mapping lookup,
     * adapters and result handlers on each request would buy nothing; /chat, a WebSocket upgrade, goes to its
     * WebHandler before the router. Boot's codec customizers (the 1 MiB limit) apply to the router's readers.
     */
    @Bean
    HttpHandler httpHandler(
            RouterFunction<ServerResponse> router,
            Chat chat,
            ObjectProvider<WebFilter> filters,
            ObjectProvider<WebExceptionHandler> errorHandlers,
            ObjectProvider<CodecCustomizer> codecs) {
        HandlerStrategies strategies = HandlerStrategies.builder()
                .codecs(configurer -> codecs.orderedStream().forEach(codec -> codec.customize(configurer)))
                .build();
        WebHandler routes = RouterFunctions.toWebHandler(router, strategies);
        WebHandler upgrade = chat.endpoint();
        WebHandler server = exchange -> CHAT.equals(
                        exchange.getRequest().getPath().pathWithinApplication().value())
                ? upgrade.handle(exchange)
                : routes.handle(exchange);
        return WebHttpHandlerBuilder.webHandler(server)
                .filters(list -> filters.orderedStream().forEach(list::add))
                .exceptionHandlers(list -> errorHandlers.orderedStream().forEach(list::add))
                .build();
    }
}
