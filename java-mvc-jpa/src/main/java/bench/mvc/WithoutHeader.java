package bench.mvc;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.Collections;
import java.util.Enumeration;

/** The request as the rest of the chain sees it without one header: the servlet API cannot remove a header. */
public final class WithoutHeader extends HttpServletRequestWrapper {
    private final String hidden;

    public WithoutHeader(HttpServletRequest request, String hidden) {
        super(request);
        this.hidden = hidden;
    }

    @Override
    public String getHeader(String name) {
        return hidden.equalsIgnoreCase(name) ? null : super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        return hidden.equalsIgnoreCase(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
    }
}
