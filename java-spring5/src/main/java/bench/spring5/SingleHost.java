package bench.spring5;

import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/** RFC 9112 §3.2: a request with more than one Host header is answered 400, whatever its route. */
@Component
class SingleHost implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var hosts = exchange.getRequest().getHeaders().get(HttpHeaders.HOST);
        if (hosts != null && hosts.size() > 1) {
            return Mono.error(HttpError.badRequest("More than one Host header"));
        }
        return chain.filter(exchange);
    }
}
