package bench.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.Environment;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.netty.DisposableServer;
import reactor.util.Logger;
import reactor.util.Loggers;

/**
 * spec/API.md §1.6 on the real server, with bytes no HTTP client sends: each case is followed on its connection by
 * a canary request, which must stay unanswered wherever the connection has to close.
 */
class WireTest {

    private static final String CANARY = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
    private static final Pattern STATUS_LINE = Pattern.compile("^HTTP/\\d\\.\\d (\\d{3})", Pattern.MULTILINE);

    private static App app;
    private static DisposableServer server;

    /** Everything the server wrote until it closed the connection, and its status codes in order. */
    record Exchange(String text, String statuses) {}

    @BeforeAll
    static void start() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent(
                "STATIC_ROOT", Path.of("../.run/static").toAbsolutePath().toString());
        env.put("DB_POOL_SIZE", "1");
        env.put("WORKERS", "1");
        app = new App(Environment.read(env, App.PORT));
        server = app.server().port(0).bindNow();
    }

    @AfterAll
    static void stop() {
        app.stop(server);
    }

    private static Exchange exchange(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(5_000); // a connection left open fails the read, and the test
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            String text = new String(readUntilClosed(socket.getInputStream()), StandardCharsets.ISO_8859_1);
            StringBuilder statuses = new StringBuilder();
            Matcher m = STATUS_LINE.matcher(text);
            while (m.find()) {
                statuses.append(statuses.isEmpty() ? "" : " ").append(m.group(1));
            }
            return new Exchange(text, statuses.toString());
        }
    }

    /** A reset after the answer (the server closed with the rest of the request unread) is a close too. */
    private static byte[] readUntilClosed(InputStream in) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                received.write(buffer, 0, n);
            }
        } catch (SocketException reset) {
            if (received.size() == 0) {
                throw reset;
            }
        }
        return received.toByteArray();
    }

    /** One answer, with Date and the contract's JSON error body. */
    private static void assertJsonError(Exchange exchange) {
        String text = exchange.text();
        String head = text.substring(0, text.indexOf("\r\n\r\n") + 2).toLowerCase();
        assertTrue(head.contains("\r\ndate: "), text);
        assertTrue(head.contains("\r\ncontent-type: application/json\r\n"), text);
        assertTrue(text.substring(head.length() + 2).matches("\\{\"error\":\"[^\"]+\"}"), text);
    }

    /** An origin-form target of exactly {@code bytes}. */
    private static String target(int bytes) {
        return "/hello?q=" + "x".repeat(bytes - "/hello?q=".length());
    }

    /** A header section of exactly {@code bytes} (each field line with its CRLF) in {@code lines} field lines. */
    private static String section(int bytes, int lines) {
        StringBuilder section = new StringBuilder("Host: x\r\nConnection: close\r\n");
        int pads = lines - 2;
        int room = bytes - section.length();
        for (int i = 0; i < pads; i++) {
            String name = "X-Pad-" + i + ": ";
            int share = room / pads + (i < room % pads ? 1 : 0);
            section.append(name).append("x".repeat(share - name.length() - 2)).append("\r\n");
        }
        assertEquals(bytes, section.length());
        return section.toString();
    }

    @Test
    void aTargetOf8000BytesIsServedAndOneOver8192Is414ThenClose() throws IOException {
        assertEquals(
                "200",
                exchange("GET " + target(8_000) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                        .statuses());
        Exchange refused = exchange("GET " + target(8_193) + " HTTP/1.1\r\nHost: x\r\n\r\n" + CANARY);
        assertEquals("414", refused.statuses());
        assertJsonError(refused);
    }

    /** Netty counts the section without its CRLFs: in 100 lines, 200 bytes fewer than the contract. */
    @Test
    void aSectionOf16000BytesIsServedAndOneOver16384Is431ThenClose() throws IOException {
        for (int lines : new int[] {3, 100}) {
            String served = "GET /hello HTTP/1.1\r\n" + section(16_000, lines) + "\r\n";
            assertEquals("200", exchange(served).statuses(), lines + " lines");
            Exchange refused = exchange("GET /hello HTTP/1.1\r\n" + section(16_385, lines) + "\r\n" + CANARY);
            assertEquals("431", refused.statuses(), lines + " lines");
            assertJsonError(refused);
        }
    }

    @Test
    void moreThan100FieldLinesIs431ThenClose() throws IOException {
        assertEquals(
                "200",
                exchange("GET /hello HTTP/1.1\r\n" + section(2_000, 100) + "\r\n")
                        .statuses());
        Exchange refused = exchange("GET /hello HTTP/1.1\r\n" + section(2_000, 101) + "\r\n" + CANARY);
        assertEquals("431", refused.statuses());
        assertJsonError(refused);
    }

    @Test
    void anotherMajorVersionIs505ThenClose() throws IOException {
        for (String version : new String[] {"HTTP/2.0", "HTTP/0.9", "HTTP/3.0"}) {
            Exchange exchange = exchange("GET /hello " + version + "\r\nHost: x\r\n\r\n" + CANARY);
            assertEquals("505", exchange.statuses(), version);
            assertJsonError(exchange);
        }
    }

    @Test
    void aVersionNettyReadsCaseInsensitivelyIs400ThenClose() throws IOException {
        Exchange exchange = exchange("GET /hello http/1.1\r\nHost: x\r\n\r\n" + CANARY);
        assertEquals("400", exchange.statuses());
        assertJsonError(exchange);
    }

    @Test
    void aHigherMinorVersionIsServedAsHttp11() throws IOException {
        Exchange exchange = exchange("GET /hello HTTP/1.2\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertTrue(exchange.text().startsWith("HTTP/1.1 200 "), exchange.text());
    }

    @Test
    void aFramingErrorOfTheCodecGetsTheJsonErrorThenClose() throws IOException {
        Exchange exchange = exchange("POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: abc\r\n\r\n{}" + CANARY);
        assertEquals("400", exchange.statuses());
        assertJsonError(exchange);
    }

    @Test
    void aBodyRefusedHalfWayIs400ThenClose() throws IOException {
        Exchange exchange = exchange("POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n" + CANARY);
        assertEquals("400", exchange.statuses());
        assertJsonError(exchange);
    }

    @Test
    void aBodyRefusedAfterItsRequestWasAnsweredGetsNoSecondAnswer() throws IOException {
        Exchange exchange = exchange("POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n2\r\nxx\r\nzz\r\nxx\r\n0\r\n\r\n" + CANARY);
        assertEquals("415", exchange.statuses());
    }

    /**
     * The broken chunk arrives after reactor-netty marked the answer's headers sent but before the answer reached the
     * channel (a route writing from another thread): the connection stays open until that answer is written to its
     * end, then closes. Closing at once would drop the answer, the client seeing a close and nothing else.
     */
    @Test
    void aBodyRefusedWhileItsAnswerIsUnderWayLetsTheAnswerFinishThenClose() {
        EmbeddedChannel channel = new EmbeddedChannel(new Wire() {
            @Override
            Boolean answerBegun(ChannelHandlerContext ctx) {
                return true;
            }
        });
        channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/static/hello.txt"));
        DefaultHttpContent broken = new DefaultHttpContent(Unpooled.EMPTY_BUFFER);
        broken.setDecoderResult(DecoderResult.failure(new NumberFormatException("zz")));
        channel.writeInbound(broken);
        assertTrue(channel.isOpen(), "open while the answer is under way");
        channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/hello"));
        assertTrue(channel.readInbound() instanceof HttpRequest);
        assertNull(channel.readInbound(), "nothing read after the refused body");
        channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        assertTrue(channel.isOpen());
        channel.writeOutbound(LastHttpContent.EMPTY_LAST_CONTENT);
        assertFalse(channel.isOpen(), "closed once the answer is written to its end");
    }

    @Test
    void reactorNettyLogsNoWarningPerRefusedRequest() {
        App.logging();
        Logger log = Loggers.getLogger("reactor.netty.http.server.HttpServerOperations");
        assertFalse(log.isWarnEnabled());
        assertTrue(log.isErrorEnabled());
    }

    @Test
    void aFragmentInTheTargetIs400() throws IOException {
        Exchange exchange = exchange("GET /hello?a=1#x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertEquals("400", exchange.statuses());
        assertJsonError(exchange);
    }
}
