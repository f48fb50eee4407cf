package bench.mvc.statics;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * RFC 9110 says a Range header that does not parse is ignored (200, full body); Spring's resource handler answers
 * it with 416, as it does {@code bytes=5-2}. This filter hides such a header from the handler, which then serves
 * the whole file; well-formed ranges, satisfiable or not, pass through to Spring.
 */
final class RangeGuard extends OncePerRequestFilter {

  private static final Pattern SPEC = Pattern.compile("\\s*(\\d*)-(\\d*)\\s*");

  static boolean wellFormed(String header) {
    if (!header.startsWith("bytes=")) return false;
    for (String spec : header.substring(6).split(",", -1)) {
      Matcher m = SPEC.matcher(spec);
      if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) return false;
      if (m.group(1).length() > 18 || m.group(2).length() > 18) return false;
      if (!m.group(1).isEmpty() && !m.group(2).isEmpty() && Long.parseLong(m.group(1)) > Long.parseLong(m.group(2))) {
        return false;
      }
      if (m.group(1).isEmpty() && Long.parseLong(m.group(2)) == 0) return false;
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
    chain.doFilter(new HttpServletRequestWrapper(request) {
      @Override
      public String getHeader(String name) {
        return HttpHeaders.RANGE.equalsIgnoreCase(name) ? null : super.getHeader(name);
      }

      @Override
      public Enumeration<String> getHeaders(String name) {
        return HttpHeaders.RANGE.equalsIgnoreCase(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
      }
    }, response);
  }
}
