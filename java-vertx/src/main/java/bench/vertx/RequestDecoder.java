package bench.vertx;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;

/**
 * Vert.x's HTTP/1 request decoder, with the request line of RFC 9112 §2.3 and §3.2 (spec/API.md §1.6). Netty reads a
 * version after upper-casing it, so {@code http/1.1} would pass, and Vert.x answers any version but HTTP/1.0 and
 * HTTP/1.1 with 501 and no body before a handler runs. Here the version must read {@code HTTP/<digit>.<digit>}:
 * HTTP/1.2 to HTTP/1.9 are decoded as HTTP/1.1 (framing, keep-alive and the answer's status line alike), another
 * major version is refused with {@link UnsupportedVersion} (505), and another form, or a target with a {@code #},
 * like any request Netty cannot parse (400). Both refusals reach the server's invalid request handler.
 */
final class RequestDecoder extends VertxHttpRequestDecoder {
    private static final String HTTP_11 = "HTTP/1.1";
    private static final String HTTP_10 = "HTTP/1.0";

    RequestDecoder(HttpServerOptions options) {
        super(options);
    }

    @Override
    protected HttpMessage createMessage(String[] initialLine) {
        // Netty hands over its own constant for the bytes HTTP/1.1 or HTTP/1.0, so equals() stops at the reference.
        if (!HTTP_11.equals(initialLine[2]) && !HTTP_10.equals(initialLine[2])) {
            initialLine[2] = versionOne(initialLine[2]);
        }
        if (initialLine[1].indexOf('#') >= 0) {
            throw new IllegalArgumentException("A fragment in the request target");
        }
        return super.createMessage(initialLine);
    }

    /** What a refused request line leaves: answered as HTTP/1.1, the version this server speaks (Netty's says 1.0). */
    @Override
    protected HttpMessage createInvalidMessage() {
        return new DefaultFullHttpRequest(
                HttpVersion.HTTP_1_1,
                HttpMethod.GET,
                "/bad-request",
                Unpooled.EMPTY_BUFFER,
                headersFactory,
                trailersFactory);
    }

    /** HTTP/1.1 for a higher minor version of HTTP/1; a refusal for anything else. */
    private static String versionOne(String version) {
        if (version.length() != 8
                || !version.startsWith("HTTP/")
                || !isDigit(version.charAt(5))
                || version.charAt(6) != '.'
                || !isDigit(version.charAt(7))) {
            throw new IllegalArgumentException("Not an HTTP version");
        }
        if (version.charAt(5) != '1') {
            throw new UnsupportedVersion();
        }
        return HTTP_11;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** An HTTP version whose major version is not 1: RFC 9110 §15.6.6, 505. */
    static final class UnsupportedVersion extends IllegalArgumentException {
        UnsupportedVersion() {
            super("HTTP version not supported");
        }
    }
}
