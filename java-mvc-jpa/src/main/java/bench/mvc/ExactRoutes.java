package bench.mvc;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Routes match the path exactly as sent (spec/API.md §1.4). The container hands Spring a path it has decoded,
 * normalised and stripped of {@code ;} parameters, so {@code /hello;x}, {@code /%68ello} and {@code //hello} would
 * all reach {@code /hello}: a request whose raw path is not that path is an unknown route. {@code /static/} paths
 * go on to {@code StaticFiles}, which reads the raw path by the rules of §4.1; one that the container normalised
 * out of {@code /static/} is still that route: 405 for another method than GET and HEAD, else 404. Inside
 * {@link BodyLimit}, so that a refused request's body is swallowed.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
class ExactRoutes extends OncePerRequestFilter {

    private static final String STATIC = "/static/";
    private static final byte[] NOT_FOUND = ContainerErrors.body(HttpStatus.NOT_FOUND.value());
    private static final byte[] NOT_ALLOWED = ContainerErrors.body(HttpStatus.METHOD_NOT_ALLOWED.value());

    /** The route Spring will match is the one the request names. */
    static boolean exact(HttpServletRequest request) {
        String raw = raw(request);
        String pathInfo = request.getPathInfo();
        String path = pathInfo == null ? request.getServletPath() : request.getServletPath() + pathInfo;
        return raw.startsWith(STATIC) ? path.startsWith(STATIC) : raw.equals(path);
    }

    private static String raw(HttpServletRequest request) {
        return request.getRequestURI().substring(request.getContextPath().length());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (exact(request)) {
            chain.doFilter(request, response);
            return;
        }
        String method = request.getMethod();
        boolean allowed = !raw(request).startsWith(STATIC) || "GET".equals(method) || "HEAD".equals(method);
        byte[] body = allowed ? NOT_FOUND : NOT_ALLOWED;
        response.setStatus(allowed ? HttpServletResponse.SC_NOT_FOUND : HttpServletResponse.SC_METHOD_NOT_ALLOWED);
        if (!allowed) response.setHeader(HttpHeaders.ALLOW, "GET, HEAD");
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
