package bench.spring5;

import static org.springframework.web.reactive.function.server.RequestPredicates.all;
import static org.springframework.web.reactive.function.server.RequestPredicates.path;

import bench.spring5.bookings.Aggregates;
import bench.spring5.bookings.Bookings;
import bench.spring5.chat.Chat;
import bench.spring5.event.EventEcho;
import bench.spring5.health.Health;
import bench.spring5.hello.Hello;
import bench.spring5.statics.StaticFiles;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.http.codec.CodecCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.HandlerStrategies;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebHandler;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.core.publisher.Mono;

/**
 * The route table of spec/API.md. Each path lists its methods (HEAD is GET without the body, which Spring's
 * HEAD response decorator drops) and then answers any other method with 405 and the contract's Allow;
 * whatever matches no path is a 404. The chat's upgrade is taken ahead of the router.
 */
@Configuration(proxyBeanMethods = false)
class Routes {

    private static final String CHAT = "/chat";

    @Bean
    RouterFunction<ServerResponse> router(
            Hello hello,
            Health health,
            StaticFiles statics,
            EventEcho event,
            Bookings bookings,
            Aggregates aggregates) {
        return RouterFunctions.route()
                .GET("/hello", hello::get)
                .HEAD("/hello", hello::get)
                .route(path("/hello"), notAllowed("GET, HEAD"))
                .GET("/health", health::get)
                .HEAD("/health", health::get)
                .route(path("/health"), notAllowed("GET, HEAD"))
                .GET("/static/**", statics::serve)
                .HEAD("/static/**", statics::serve)
                .route(path("/static/**"), notAllowed("GET, HEAD"))
                .POST("/event", event::echo)
                .route(path("/event"), notAllowed("POST"))
                .POST("/bookings", bookings::create)
                .route(path("/bookings"), notAllowed("POST"))
                .GET("/aggregates", aggregates::get)
                .HEAD("/aggregates", aggregates::get)
                .route(path("/aggregates"), notAllowed("GET, HEAD"))
                .route(all(), request -> Mono.error(HttpError.notFound()))
                .build();
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

    private static HandlerFunction<ServerResponse> notAllowed(String allow) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.ALLOW, allow);
        HttpError error = new HttpError(HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed", headers);
        return request -> Mono.error(error);
    }
}
