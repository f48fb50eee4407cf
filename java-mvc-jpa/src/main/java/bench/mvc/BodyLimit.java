package bench.mvc;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The 1 MiB request body limit (spec/API.md §1.3). It acts when the body is read, that is after routing and the
 * content-type check, so 404, 405 and 415 win over 413 as the contract orders them. A larger announced
 * {@code Content-Length} fails the first read without consuming a byte; a chunked body fails as soon as it
 * passes the limit. The failure surfaces as an unreadable body, which {@link Errors} answers with 413.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class BodyLimit extends OncePerRequestFilter {

    static final int LIMIT = 1024 * 1024;
    static final long SWALLOW = 2 * 1024 * 1024;

    static final class TooLarge extends IOException {
        TooLarge() {
            super("request body over 1 MiB", null);
        }
    }

    static boolean exceeded(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TooLarge) return true;
        }
        return false;
    }

    /** The WebSocket handshake has no body, and the container upgrades the request it created itself. */
    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return "/chat".equals(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Limited limited = new Limited(request);
        chain.doFilter(limited, response);
        // A refused request (404, 405, 415, 413) leaves its body unread: answer first, then read a bounded rest.
        boolean hasBody = request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
        if (response.getStatus() >= 400 && hasBody && !request.isAsyncStarted()) {
            response.flushBuffer();
            swallow(limited.stream != null ? limited.stream.in : request.getInputStream());
        }
    }

    /**
     * Reads and drops up to {@link #SWALLOW} bytes, as Tomcat does by itself (maxSwallowSize) and Jetty does not:
     * closing a socket with unread input makes the kernel reset the connection, and the client may lose the
     * answer it was about to read.
     */
    private static void swallow(ServletInputStream in) {
        byte[] sink = new byte[8192];
        try {
            for (long left = SWALLOW; left > 0; ) {
                int n = in.read(sink, 0, (int) Math.min(sink.length, left));
                if (n < 0) return;
                left -= n;
            }
        } catch (IOException | IllegalStateException e) {
            // The client stopped sending, or the body was taken as a reader: the connection ends either way.
        }
    }

    private static final class Limited extends HttpServletRequestWrapper {
        private Counting stream;

        Limited(HttpServletRequest request) {
            super(request);
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) stream = new Counting(super.getInputStream(), getContentLengthLong());
            return stream;
        }
    }

    private static final class Counting extends ServletInputStream {
        private final ServletInputStream in;
        private final long announced;
        private long count;

        Counting(ServletInputStream in, long announced) {
            this.in = in;
            this.announced = announced;
        }

        private void check(long more) throws TooLarge {
            if (announced > LIMIT || count + more > LIMIT) throw new TooLarge();
        }

        @Override
        public int read() throws IOException {
            check(0);
            int b = in.read();
            if (b >= 0) check(1);
            if (b >= 0) count++;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            check(0);
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                check(n);
                count += n;
            }
            return n;
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
