package bench.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.vertx.core.http.HttpServerOptions;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The request line RequestDecoder lets through, rewrites or refuses (spec/API.md §1.6). */
class RequestDecoderTest {

    private static HttpRequest decode(String bytes) {
        EmbeddedChannel channel = new EmbeddedChannel(new RequestDecoder(new HttpServerOptions()));
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        return channel.readInbound();
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.1", "HTTP/1.2", "HTTP/1.9"})
    void http1AboveHttp10IsDecodedAsHttp11(String version) {
        HttpRequest request = decode("GET /hello " + version + "\r\nHost: x\r\n\r\n");
        assertTrue(request.decoderResult().isSuccess(), version);
        assertSame(HttpVersion.HTTP_1_1, request.protocolVersion(), version);
    }

    @Test
    void http10StaysHttp10() {
        assertSame(HttpVersion.HTTP_1_0, decode("GET /hello HTTP/1.0\r\n\r\n").protocolVersion());
    }

    /** Netty frames a chunked body only for HTTP/1.1 itself: HTTP/1.2 gets it because it is decoded as HTTP/1.1. */
    @Test
    void aHigherMinorVersionHasItsChunkedBodyRead() {
        EmbeddedChannel channel = new EmbeddedChannel(new RequestDecoder(new HttpServerOptions()));
        channel.writeInbound(Unpooled.copiedBuffer(
                "POST /event HTTP/1.2\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
                StandardCharsets.ISO_8859_1));
        HttpRequest request = channel.readInbound();
        assertTrue(request.decoderResult().isSuccess(), () -> String.valueOf(request.decoderResult()));
        HttpContent chunk = channel.readInbound();
        assertEquals("{}", chunk.content().toString(StandardCharsets.ISO_8859_1));
        assertInstanceOf(LastHttpContent.class, channel.readInbound());
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/2.0", "HTTP/0.9", "HTTP/3.0"})
    void anotherMajorVersionIsUnsupported(String version) {
        HttpRequest request = decode("GET /hello " + version + "\r\nHost: x\r\n\r\n");
        assertInstanceOf(
                RequestDecoder.UnsupportedVersion.class, request.decoderResult().cause(), version);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http/1.1", "Http/1.1", "HTTPS/1.1", "HTTP/1", "HTTP/11", "HTTP/1.1.1", "HTTP/01.1"})
    void aVersionOfAnotherFormIsRefused(String version) {
        HttpRequest request = decode("GET /hello " + version + "\r\nHost: x\r\n\r\n");
        assertTrue(request.decoderResult().isFailure(), version);
        assertFalse(request.decoderResult().cause() instanceof RequestDecoder.UnsupportedVersion, version);
    }

    /** Netty counts no field lines: the 101st is refused here, as a header section too large (431). */
    @Test
    void moreThan100FieldLinesAreRefusedAsTooLarge() {
        StringBuilder head = new StringBuilder("GET /hello HTTP/1.1\r\nHost: x\r\n");
        for (int i = 1; i < 100; i++) {
            head.append("X-F-").append(i).append(": ").append(i).append("\r\n");
        }
        assertTrue(decode(head + "\r\n").decoderResult().isSuccess());
        HttpRequest refused = decode(head + "X-F-100: 100\r\n\r\n");
        assertInstanceOf(
                TooLongHttpHeaderException.class, refused.decoderResult().cause());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/hello#x", "/hello?a=1#x", "/static/hello.txt#", "http://x/hello#x"})
    void aFragmentInTheTargetIsRefused(String target) {
        assertTrue(
                decode("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n")
                        .decoderResult()
                        .isFailure(),
                target);
    }
}
