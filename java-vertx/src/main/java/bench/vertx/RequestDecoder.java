package bench.vertx;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import java.util.List;

/**
 * Vert.x's HTTP/1 request decoder, with the request line of RFC 9112 §2.3 and §3.2 (spec/API.md §1.6). Netty reads a
 * version after upper-casing it, so {@code http/1.1} would pass, and Vert.x answers any version but HTTP/1.0 and
 * HTTP/1.1 with 501 and no body before a handler runs. Here the version must read {@code HTTP/<digit>.<digit>}:
 * HTTP/1.2 to HTTP/1.9 are decoded as HTTP/1.1 (framing, keep-alive and the answer's status line alike), another
 * major version is refused with {@link UnsupportedVersion} (505), and another form, or a target with a {@code #},
 * like any request Netty cannot parse (400). Both refusals reach the server's invalid request handler.
 *
 * <p>The limits of spec/API.md §1.6: Netty refuses a request line or a header section longer than the server's
 * options say ({@link #MAX_REQUEST_LINE}, {@link #MAX_HEADER_SIZE}: 414, 431) but counts no field lines; a request
 * with more than {@link #MAX_FIELD_LINES} is refused here with 431, through the same invalid request handler.
 */
final class RequestDecoder extends VertxHttpRequestDecoder {
    /**
     * Netty counts the request line without its CRLF, method and version included: a target of 8,000 bytes is
     * served, one over 8,192 always refused.
     */
    static final int MAX_REQUEST_LINE = 8_192;

    /**
     * Netty counts each field line without its CRLF: the contract's 16,384 less the CRLFs of its 100 lines, so that a
     * section over 16,384 is refused in any number of lines and one of 16,000 served.
     */
    static final int MAX_HEADER_SIZE = 16_384 - 2 * 100;

    static final int MAX_FIELD_LINES = 100;

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

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        int before = out.size();
        super.decode(ctx, buffer, out);
        for (int i = before; i < out.size(); i++) {
            if (out.get(i) instanceof HttpRequest request
                    && request.decoderResult().isSuccess()
                    && request.headers().size() > MAX_FIELD_LINES) {
                request.setDecoderResult(DecoderResult.failure(
                        new TooLongHttpHeaderException("More than " + MAX_FIELD_LINES + " field lines")));
            }
        }
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
