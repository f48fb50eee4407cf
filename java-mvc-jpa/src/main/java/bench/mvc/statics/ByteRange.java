package bench.mvc.statics;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The Range header (spec/API.md §4.4): honoured, ignored or 416, by the contract's one grammar: exactly
 * {@code bytes=a-b}, {@code bytes=a-} or {@code bytes=-n}, digits of any length, nothing else inside (no
 * whitespace, no second range). Spring's resource handler would read more (several ranges as multipart, spaces)
 * and answer 416 to what it cannot parse (a malformed header, a position past a long), so this filter hands it
 * the one range in a form it reads, or no header at all: 200, the whole file. A range that starts past the end is
 * a 416, written by {@link StaticFiles}.
 */
final class ByteRange extends OncePerRequestFilter {

    private static final Pattern ONE = Pattern.compile("bytes=([0-9]*)-([0-9]*)");

    /** The header as Spring's handler is to see it, or null when it is ignored. */
    static @Nullable String canonical(String header) {
        Matcher range = ONE.matcher(header.strip());
        if (!range.matches()) return null;
        String first = range.group(1);
        String last = range.group(2);
        if (first.isEmpty()) return last.isEmpty() ? null : "bytes=-" + position(last);
        if (last.isEmpty()) return "bytes=" + position(first) + "-";
        if (new BigInteger(first).compareTo(new BigInteger(last)) > 0) return null;
        return "bytes=" + position(first) + "-" + position(last);
    }

    /** Past a long is past the end of every file: Long.MAX_VALUE gives the same answer (clamped, whole, 416). */
    private static long position(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException tooLarge) {
            return Long.MAX_VALUE;
        }
    }

    /** A canonical range that starts at or past the end, or the empty suffix {@code -0}. */
    static boolean unsatisfiable(String canonical, long length) {
        String spec = canonical.substring("bytes=".length());
        if (spec.startsWith("-")) return spec.equals("-0") || length == 0;
        return Long.parseLong(spec.substring(0, spec.indexOf('-'))) >= length;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getHeader(HttpHeaders.RANGE) == null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.RANGE);
        String canonical = canonical(header);
        chain.doFilter(header.equals(canonical) ? request : new Canonical(request, canonical), response);
    }

    /** The request with its Range header replaced, or hidden: the servlet API cannot change a header. */
    private static final class Canonical extends HttpServletRequestWrapper {
        private final @Nullable String range;

        Canonical(HttpServletRequest request, @Nullable String range) {
            super(request);
            this.range = range;
        }

        @Override
        public @Nullable String getHeader(String name) {
            return HttpHeaders.RANGE.equalsIgnoreCase(name) ? range : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            if (!HttpHeaders.RANGE.equalsIgnoreCase(name)) return super.getHeaders(name);
            return range == null ? Collections.emptyEnumeration() : Collections.enumeration(List.of(range));
        }
    }
}
