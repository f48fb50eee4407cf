package bench.spring5;

import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * A Content-Type with a charset Java does not know ({@code application/json; charset=x-unknown}) reaches the routes
 * as its media type alone: Spring's {@code MediaType} refuses the whole header over it, so the routes' 415 check
 * and the codecs would too, where the contract ignores parameters (spec/API.md §5.1). Every body is read as bytes
 * and decoded as UTF-8, whatever its charset says.
 */
@Component
class UnknownCharset implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String header = exchange.getRequest().getHeaders().getFirst(HttpHeaders.CONTENT_TYPE);
        MediaType type = header == null || header.indexOf(';') < 0 ? null : mediaTypeAlone(header);
        if (type == null) {
            return chain.filter(exchange);
        }
        return chain.filter(exchange.mutate()
                .request(request -> request.headers(headers -> headers.setContentType(type)))
                .build());
    }

    /** The header's type/subtype when the header is refused only for its parameters; otherwise null. */
    private static MediaType mediaTypeAlone(String header) {
        try {
            MediaType.parseMediaType(header);
            return null;
        } catch (InvalidMediaTypeException e) {
            try {
                return MediaType.parseMediaType(header.substring(0, header.indexOf(';')));
            } catch (InvalidMediaTypeException notAType) {
                return null;
            }
        }
    }
}
