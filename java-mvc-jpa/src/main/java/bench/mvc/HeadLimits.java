package bench.mvc;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Enumeration;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The limits on a request's head (spec/API.md §1.6): the target, the header section and its number of field lines.
 * Tomcat's and Jetty's own limit counts the request line and the fields together, so no one figure of theirs holds
 * both the target's edges and the section's: theirs is the 32 KiB past which every head breaks one of these
 * (application.properties, and {@link ContainerErrors} for their answer), and below it this filter judges, first of
 * all, before routing and before the body. The section is measured from the fields as parsed, {@code name: value}
 * and CRLF per field line: whitespace padding around a value is not counted.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class HeadLimits extends OncePerRequestFilter {

    static final int TARGET = 8_192;
    static final int SECTION = 16_384;
    static final int FIELD_LINES = 100;

    /** The request target as sent, from what the container parsed of it, or null when it was not read whole. */
    static @Nullable String target(@Nullable String uri, @Nullable String query) {
        if (uri == null || uri.isEmpty()) return null;
        return query == null ? uri : uri + '?' + query;
    }

    /** The length of {@link #target}'s text, without building it on every request; 0 when it was not read whole. */
    static int targetLength(@Nullable String uri, @Nullable String query) {
        if (uri == null || uri.isEmpty()) return 0;
        return query == null ? uri.length() : uri.length() + 1 + query.length();
    }

    /**
     * 414, 431, or 0 within the limits; a target too long is refused before the fields are looked at. It runs on every
     * request, so it walks the container's enumerations rather than copying them.
     */
    static int refusal(HttpServletRequest request) {
        if (targetLength(request.getRequestURI(), request.getQueryString()) > TARGET) {
            return HttpServletResponse.SC_REQUEST_URI_TOO_LONG;
        }
        int lines = 0;
        int section = 0;
        for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            for (Enumeration<String> values = request.getHeaders(name); values.hasMoreElements(); ) {
                lines++;
                section += name.length() + ": ".length() + values.nextElement().length() + "\r\n".length();
            }
        }
        return lines > FIELD_LINES || section > SECTION ? 431 : 0;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        int status = refusal(request);
        if (status == 0) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = ContainerErrors.body(status);
        response.setStatus(status);
        // The connection ends with this answer, as the contract asks; Tomcat would keep it open after a 431.
        response.setHeader(HttpHeaders.CONNECTION, "close");
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
