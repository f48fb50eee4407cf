package bench.spring5;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * spec/API.md §1.6 on the whole application: bytes no HTTP client sends, each followed on its connection by a
 * canary request that must stay unanswered wherever the connection has to close.
 */
class CodecGuardTest {

    private static final String CANARY = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
    private static final Pattern STATUS_LINE = Pattern.compile("(?m)^HTTP/\\d\\.\\d (\\d{3}) ");
    private static final Pattern JSON_ERROR =
            Pattern.compile("(?s).*\r\n[Cc]ontent-[Tt]ype: application/json\r\n.*\r\n\\{\"error\":\"[^\"]+\"}");

    private static ConfigurableApplicationContext context;
    private static int port;

    @BeforeAll
    static void start() {
        context = new SpringApplication(App.class).run("--server.port=0");
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    /** Everything the server writes until it closes the connection (a read timeout fails the test). */
    private static String exchange(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(request.getBytes(ISO_8859_1));
            return new String(readUntilClosed(socket.getInputStream()), ISO_8859_1);
        }
    }

    /** A reset after the answer (the server closed with the rest of the request unread) is a close too. */
    private static byte[] readUntilClosed(InputStream in) throws IOException {
        var received = new ByteArrayOutputStream();
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

    private static List<String> statuses(String answer) {
        return STATUS_LINE.matcher(answer).results().map(m -> m.group(1)).toList();
    }

    /** An origin-form target of exactly {@code bytes}. */
    private static String target(int bytes) {
        return "/hello?q=" + "x".repeat(bytes - "/hello?q=".length());
    }

    /** A header section of exactly {@code bytes} (each field line with its CRLF) in {@code lines} field lines. */
    private static String section(int bytes, int lines) {
        var section = new StringBuilder("Host: x\r\nConnection: close\r\n");
        int pads = lines - 2;
        int room = bytes - section.length();
        for (int i = 0; i < pads; i++) {
            String name = "X-Pad-" + i + ": ";
            int share = room / pads + (i < room % pads ? 1 : 0);
            section.append(name).append("x".repeat(share - name.length() - 2)).append("\r\n");
        }
        assertThat(section).hasSize(bytes);
        return section.toString();
    }

    @Test
    void aTargetOf8000BytesIsServedAndOneOver8192Is414ThenClose() throws IOException {
        String served = exchange("GET " + target(8_000) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(statuses(served)).containsExactly("200");
        String refused = exchange("GET " + target(8_193) + " HTTP/1.1\r\nHost: x\r\n\r\n" + CANARY);
        assertThat(statuses(refused)).containsExactly("414");
        assertThat(refused).matches(JSON_ERROR);
    }

    /** Netty counts the section without its CRLFs: in 100 lines, 200 bytes fewer than the contract. */
    @Test
    void aSectionOf16000BytesIsServedAndOneOver16384Is431ThenClose() throws IOException {
        for (int lines : new int[] {3, 100}) {
            String served = exchange("GET /hello HTTP/1.1\r\n" + section(16_000, lines) + "\r\n");
            assertThat(statuses(served)).as("%d lines", lines).containsExactly("200");
            String refused = exchange("GET /hello HTTP/1.1\r\n" + section(16_385, lines) + "\r\n" + CANARY);
            assertThat(statuses(refused)).as("%d lines", lines).containsExactly("431");
            assertThat(refused).matches(JSON_ERROR);
        }
    }

    @Test
    void moreThan100FieldLinesIs431ThenClose() throws IOException {
        String served = exchange("GET /hello HTTP/1.1\r\n" + section(2_000, 100) + "\r\n");
        assertThat(statuses(served)).containsExactly("200");
        String refused = exchange("GET /hello HTTP/1.1\r\n" + section(2_000, 101) + "\r\n" + CANARY);
        assertThat(statuses(refused)).containsExactly("431");
        assertThat(refused).matches(JSON_ERROR).containsIgnoringCase("\r\ndate: ");
    }

    @Test
    void onlyNettysTwoConstantsPassUnlooked() {
        assertThat(CodecGuard.refusal(HttpVersion.valueOf("HTTP/2.0")))
                .isEqualTo(HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED);
        assertThat(CodecGuard.refusal(HttpVersion.valueOf("HTTP/0.9")))
                .isEqualTo(HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED);
        assertThat(HttpVersion.valueOf("http/1.1")).isNotSameAs(HttpVersion.HTTP_1_1);
        assertThat(CodecGuard.refusal(HttpVersion.valueOf("http/1.1"))).isEqualTo(HttpResponseStatus.BAD_REQUEST);
        assertThat(CodecGuard.refusal(HttpVersion.valueOf("HTTP/1.2"))).isNull();
    }

    @Test
    void anotherMajorVersionIs505WithTheErrorBodyThenClose() throws IOException {
        String answer = exchange("GET /hello HTTP/3.0\r\nHost: x\r\n\r\n" + CANARY);
        assertThat(statuses(answer)).containsExactly("505");
        assertThat(answer).matches(JSON_ERROR).containsIgnoringCase("\r\ndate: ");
    }

    @Test
    void aVersionSpeltOtherwiseIs400ThenClose() throws IOException {
        String answer = exchange("GET /hello http/1.1\r\nHost: x\r\n\r\n" + CANARY);
        assertThat(statuses(answer)).containsExactly("400");
        assertThat(answer).matches(JSON_ERROR);
    }

    @Test
    void aHigherMinorVersionIsAnsweredAsHttp11() throws IOException {
        assertThat(exchange("GET /hello HTTP/1.2\r\nHost: x\r\nConnection: close\r\n\r\n"))
                .startsWith("HTTP/1.1 200 ");
    }

    @Test
    void reactorNettysOwnRefusalGetsTheErrorBody() throws IOException {
        String answer = exchange("POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1.0\r\n\r\nx" + CANARY);
        assertThat(statuses(answer)).containsExactly("400");
        assertThat(answer).matches(JSON_ERROR);
    }

    @Test
    void aBodyRefusedHalfWayIs400WithTheErrorBodyThenClose() throws IOException {
        String answer = exchange("POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n" + CANARY);
        assertThat(statuses(answer)).containsExactly("400");
        assertThat(answer).matches(JSON_ERROR);
    }

    @Test
    void aBodyRefusedAfterItsRequestWasAnsweredGetsNoSecondAnswer() throws IOException {
        String answer = exchange("POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n2\r\nxx\r\nzz\r\nxx\r\n0\r\n\r\n" + CANARY);
        assertThat(statuses(answer)).containsExactly("415");
    }

    /**
     * The broken chunk arrives after reactor-netty marked the answer's headers sent but before the answer reached the
     * channel (the handler writes from another thread): the connection stays open until that answer is written to its
     * end, then closes. A guard that closed at once would drop the answer, the client seeing a close and nothing else.
     */
    @Test
    void aBodyRefusedWhileItsAnswerIsUnderWayLetsTheAnswerFinishThenClose() {
        var channel = new EmbeddedChannel(new CodecGuard() {
            @Override
            Boolean answerBegun(ChannelHandlerContext ctx) {
                return true;
            }
        });
        channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/static/hello.txt"));
        var broken = new DefaultHttpContent(Unpooled.EMPTY_BUFFER);
        broken.setDecoderResult(DecoderResult.failure(new NumberFormatException("zz")));
        channel.writeInbound(broken);
        assertThat(channel.isOpen()).as("open while the answer is under way").isTrue();
        channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/hello"));
        assertThat((Object) channel.readInbound()).isInstanceOf(HttpRequest.class);
        assertThat((Object) channel.readInbound())
                .as("nothing read after the refused body")
                .isNull();
        channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        assertThat(channel.isOpen()).isTrue();
        channel.writeOutbound(LastHttpContent.EMPTY_LAST_CONTENT);
        assertThat(channel.isOpen())
                .as("closed once the answer is written to its end")
                .isFalse();
        assertThat((Object) channel.readOutbound()).isInstanceOf(HttpResponse.class);
    }

    @Test
    void reactorNettyLogsNoWarningPerRefusedRequest() {
        assertThat(LoggerFactory.getLogger("reactor.netty.http.server.HttpServerOperations")
                        .isWarnEnabled())
                .isFalse();
    }

    @Test
    void aFragmentInTheTargetIs400() throws IOException {
        String answer = exchange("GET /hello#x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(statuses(answer)).containsExactly("400");
        assertThat(answer).matches(JSON_ERROR);
    }
}
