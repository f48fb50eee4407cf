package bench.spring5;

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
        if (hosts.size() > 1) {
            return Mono.error(HttpError.badRequest("More than one Host header"));
        }
        if (hosts.isEmpty() && !sent.version().equals(HttpVersion.HTTP_1_0)) {
            return Mono.error(HttpError.badRequest("No Host header"));
        }
        String authority = authority(sent.uri());
        if (authority != null && !hosts.isEmpty() && !authority.equalsIgnoreCase(hosts.get(0))) {
            return Mono.error(HttpError.badRequest("Host header differs from the request target's"));
        }
        return chain.filter(exchange);
    }

    /** The host and port of a target in absolute form ({@code http://host:port/path}), without userinfo; else null. */
    private static String authority(String target) {
        int scheme = target.startsWith("/") ? -1 : target.indexOf("://");
        if (scheme <= 0) {
            return null;
        }
        int end = scheme + 3;
        while (end < target.length() && "/?#".indexOf(target.charAt(end)) < 0) {
            end++;
        }
        String authority = target.substring(scheme + 3, end);
        return authority.substring(authority.lastIndexOf('@') + 1);
    }
}
