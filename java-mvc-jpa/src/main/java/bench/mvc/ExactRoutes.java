package bench.mvc;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Routes match the path exactly as sent (spec/API.md §1.4). The container hands Spring a path it has decoded,
 * normalised and stripped of {@code ;} parameters, so {@code /hello;x}, {@code /%68ello} and {@code //hello} would
 * all reach {@code /hello}: a request whose raw path is not that path is an unknown route. {@code /static/} paths
 * go on to {@code StaticFiles}, which reads the raw path by the rules of §4.1. Inside {@link BodyLimit}, so that a
 * refused request's body is swallowed.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class ExactRoutes extends OncePerRequestFilter {

    private static final byte[] NOT_FOUND = ContainerErrors.body(HttpStatus.NOT_FOUND.value());

    static boolean exact(HttpServletRequest request) {
        String raw = request.getRequestURI().substring(request.getContextPath().length());
        String pathInfo = request.getPathInfo();
        String path = pathInfo == null ? request.getServletPath() : request.getServletPath() + pathInfo;
        // /static/../hello is /hello to the container: still a static path, never the route it normalises to.
        return raw.startsWith("/static/") ? path.startsWith("/static/") : raw.equals(path);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (exact(request)) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(NOT_FOUND.length);
        response.getOutputStream().write(NOT_FOUND);
    }
}
