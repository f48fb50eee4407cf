package bench.mvc.statics;

import bench.mvc.WithoutHeader;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The Range header (spec/API.md §4.4): honoured, ignored or 416. Spring's resource handler serves the ranges of a
 * well-formed header (206); RFC 9110 says a header that does not parse is ignored (200, the whole file), where
 * Spring would answer 416, as it does {@code bytes=5-2}, so this filter hides such a header from the handler. A
 * well-formed header that no range of the file satisfies is a 416, written by {@link StaticFiles}.
 */
final class ByteRange extends OncePerRequestFilter {

    private static final Pattern SPEC = Pattern.compile("\\s*(\\d*)-(\\d*)\\s*");

    static boolean wellFormed(String header) {
        if (!header.startsWith("bytes=")) return false;
        for (String spec : header.substring(6).split(",", -1)) {
            Matcher m = SPEC.matcher(spec);
            if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) return false;
            if (m.group(1).length() > 18 || m.group(2).length() > 18) return false;
            if (!m.group(1).isEmpty()
                    && !m.group(2).isEmpty()
                    && Long.parseLong(m.group(1)) > Long.parseLong(m.group(2))) {
                return false;
            }
            if (m.group(1).isEmpty() && Long.parseLong(m.group(2)) == 0) return false;
        }
        return true;
    }

    /** Every range of a well-formed header starts at or past the end. */
    static boolean unsatisfiable(String header, long length) {
        for (String spec : header.substring("bytes=".length()).split(",")) {
            String start = spec.strip().substring(0, spec.strip().indexOf('-'));
            if (start.isEmpty() ? length > 0 : Long.parseLong(start) < length) return false;
        }
        return true;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String range = request.getHeader(HttpHeaders.RANGE);
        return range == null || wellFormed(range);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(new WithoutHeader(request, HttpHeaders.RANGE), response);
    }
}
