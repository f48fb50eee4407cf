package bench.mvc;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.servlet.filter.OrderedCharacterEncodingFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

/**
 * Boot's request encoding filter (UTF-8 forced onto every request), except for a wildcard Content-Type without a
 * charset. Every body is read as bytes and decoded strictly by its reader, so the encoding decides nothing here,
 * but a request must not get a 500 from its headers (spec/API.md §1.4: {@code POST /event} with <code>*&#47;*</code> is
 * a 415, an unknown route with it a 404). Left to the container, a charset that is unknown or no legal name
 * ({@code charset=foo}, {@code charset=}) makes Jetty's {@code getContentType()} and Spring's URI decoding throw,
 * which forcing UTF-8 prevents; forced, Spring's {@code ServletServerHttpRequest} adds that charset to a wildcard
 * media type (<code>*&#47;*</code>, {@code application/*}), which no Content-Type may be, and throws instead of
 * ignoring it (<a href="https://github.com/spring-projects/spring-framework/issues/27957">spring-framework#27957</a>).
 * Such a type names no charset, so the request keeps none. Boot backs off its own filter for this one.
 */
@Component
class RequestCharset extends OrderedCharacterEncodingFilter {

    RequestCharset() {
        setEncoding(StandardCharsets.UTF_8.name());
        setForceRequestEncoding(true);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return wildcardWithoutCharset(request.getHeader(HttpHeaders.CONTENT_TYPE));
    }

    static boolean wildcardWithoutCharset(@Nullable String contentType) {
        if (contentType == null || contentType.indexOf('*') < 0) return false;
        try {
            MediaType type = MediaType.parseMediaType(contentType);
            return !type.isConcrete() && type.getCharset() == null;
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }
}
