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
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import reactor.core.publisher.Mono;

/**
 * The route table of spec/API.md. Each path lists its methods (HEAD is GET without the body, which Spring's
 * HEAD response decorator drops) and then answers any other method with 405 and the contract's Allow;
 * whatever matches no path is a 404. The chat's upgrade is mapped ahead of the router.
 */
@Configuration(proxyBeanMethods = false)
class Routes {

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

    /** /chat: the WebSocket upgrade, or 405/426 as plain HTTP (see {@link Chat#endpoint}). */
    @Bean
    HandlerMapping chatMapping(Chat chat) {
        return new SimpleUrlHandlerMapping(Map.of("/chat", chat.endpoint()), Ordered.HIGHEST_PRECEDENCE);
    }

    private static HandlerFunction<ServerResponse> notAllowed(String allow) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.ALLOW, allow);
        HttpError error = new HttpError(HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed", headers);
        return request -> Mono.error(error);
    }
}
