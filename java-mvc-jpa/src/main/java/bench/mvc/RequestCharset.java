package bench.mvc;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.servlet.filter.OrderedCharacterEncodingFilter;
import org.springframework.core.Ordered;
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
 * Such a type names no charset, so the request keeps none. Boot backs off its own filter for this one. A charset
 * Java does not know is left out of the Content-Type Spring reads, with the other parameters, which decide nothing.
 */
@Component
class RequestCharset extends OrderedCharacterEncodingFilter {

    RequestCharset() {
        setEncoding(StandardCharsets.UTF_8.name());
        setForceRequestEncoding(true);
        // Second, where Boot puts its own first: HeadLimits comes before anything else.
        setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // The header itself: Jetty's getContentType() throws on a charset Java does not know, until one is forced.
        String contentType = request.getHeader(HttpHeaders.CONTENT_TYPE);
        super.doFilterInternal(
                unknownCharset(contentType) ? new WithoutParameters(request, contentType) : request, response, chain);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return wildcardWithoutCharset(request.getHeader(HttpHeaders.CONTENT_TYPE));
    }

    /**
     * A charset parameter Java does not know ({@code charset=x-unknown}): Spring's {@code MediaType} refuses the whole
     * header over it, so {@code consumes} and the body readers would answer 415, where the contract ignores parameters
     * (spec/API.md §5.1).
     */
    static boolean unknownCharset(@Nullable String contentType) {
        if (contentType == null || contentType.indexOf(';') < 0) return false;
        try {
            MediaType.parseMediaType(contentType);
            return false;
        } catch (InvalidMediaTypeException e) {
            try {
                // A wildcard keeps its parameters: alone, forced UTF-8 would be added to it (see above).
                return MediaType.parseMediaType(contentType.substring(0, contentType.indexOf(';')))
                        .isConcrete();
            } catch (InvalidMediaTypeException notAType) {
                return false;
            }
        }
    }

    /** The request with its Content-Type's parameters left out, to Spring and to the container alike. */
    private static final class WithoutParameters extends HttpServletRequestWrapper {
        private final String mediaType;

        WithoutParameters(HttpServletRequest request, String contentType) {
            super(request);
            this.mediaType = contentType.substring(0, contentType.indexOf(';')).trim();
        }

        @Override
        public String getContentType() {
            return mediaType;
        }

        @Override
        public @Nullable String getHeader(String name) {
            return HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name) ? mediaType : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)
                    ? Collections.enumeration(List.of(mediaType))
                    : super.getHeaders(name);
        }
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
