package bench.spring5;

import bench.contract.RequestTarget;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;

/**
 * RFC 9112 §3.2: one Host header (none is allowed in HTTP/1.0), a target in absolute form naming the same host as it,
 * and no {@code #} in the target (a fragment is never sent; java.net.URI would take it off); otherwise 400, whatever
 * the route. The version and the target as sent are reactor-netty's: WebFlux's request has neither.
 */
@Component
class HostHeader implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        List<String> hosts = exchange.getRequest().getHeaders().getOrDefault(HttpHeaders.HOST, List.of());
        HttpServerRequest sent = ServerHttpRequestDecorator.getNativeRequest(exchange.getRequest());
        if (sent.uri().indexOf('#') >= 0) {
            return Mono.error(HttpError.badRequest("A request target has no fragment"));
        }
        String problem =
                RequestTarget.hostProblem(sent.uri(), hosts, sent.version().equals(HttpVersion.HTTP_1_0));
        if (problem != null) {
            return Mono.error(HttpError.badRequest(problem));
        }
        return chain.filter(exchange);
    }
}
