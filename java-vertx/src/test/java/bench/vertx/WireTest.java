package bench.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.Environment;
import bench.vertx.chat.ChatRooms;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.mysqlclient.MySQLConnectOptions;
import io.vertx.sqlclient.Pool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bytes below the routes, written on a raw socket (spec/API.md §1.6): versions, a fragment in the target, framing
 * Netty refuses. A case that must close the connection is followed by a canary request, which must stay unanswered.
 */
@ExtendWith(VertxExtension.class)
class WireTest {
    private static final Pattern STATUS_LINE = Pattern.compile("(?m)^(HTTP/1\\.[01]) (\\d{3}) ");
    private static final String CANARY = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
    private static final String EVENT = "{\"eventName\":\"wire\",\"teams\":[]}";

    private final List<Throwable> unhandled = new CopyOnWriteArrayList<>();
    private int port;

    @BeforeEach
    void deploy(Vertx vertx, VertxTestContext test) throws IOException {
        vertx.exceptionHandler(unhandled::add);
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Environment config = Fixtures.config(port);
        // The MariaDB that make unit provides, for the routes that answer once it has (/health, /aggregates).
        Pool pool = MySQLBuilder.pool()
                .connectingTo(new MySQLConnectOptions()
                        .setHost(config.dbHost())
                        .setPort(config.dbPort())
                        .setDatabase(config.dbName())
                        .setUser(config.dbUser())
                        .setPassword(config.dbPassword()))
                .using(vertx)
                .build();
        vertx.deployVerticle(new ServerVerticle(config, pool, ChatRooms.create(ChatFanout.DIRECT, vertx)))
                .onComplete(test.succeedingThenComplete());
    }

    /** What came back: the status lines in order, the whole text, and whether the server closed the connection. */
    private record Answer(List<String> statusLines, String text, boolean closed) {
        void assertOneErrorThenClosed(int status, String what) {
            assertEquals(List.of("HTTP/1.1 " + status), statusLines, what + ": " + text);
            String head = text.toLowerCase(Locale.ROOT);
            assertTrue(head.contains("\r\ncontent-type: application/json\r\n"), what + ": " + text);
            assertTrue(head.contains("\r\ndate: "), what + ": " + text);
            assertTrue(text.endsWith("}") && text.contains("{\"error\":\""), what + ": " + text);
            assertTrue(closed, what + ": the connection must be closed");
        }
    }

    /** Writes the bytes on a new connection; reads until the server closes it, or nothing comes for 5 s. */
    private Answer exchange(String bytes) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(bytes.getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            boolean closed;
            try {
                for (int n; (n = in.read(buffer)) != -1; ) {
                    received.write(buffer, 0, n);
                }
                closed = true;
            } catch (SocketTimeoutException quiet) {
                closed = false;
            } catch (SocketException reset) {
                closed = true;
            }
            String text = received.toString(StandardCharsets.ISO_8859_1);
            Matcher m = STATUS_LINE.matcher(text);
            List<String> lines =
                    m.results().map(r -> r.group(1) + " " + r.group(2)).toList();
            return new Answer(lines, text, closed);
        }
    }

    private static String post(String fields, String body) {
        return "POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + fields + "\r\n" + body;
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.2", "HTTP/1.9"})
    void aHigherMinorVersionIsServedAsHttp11(String version) throws IOException {
        Answer answer = exchange("GET /hello " + version + "\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertEquals(List.of("HTTP/1.1 200"), answer.statusLines(), answer.text());
        assertTrue(answer.text().endsWith("\r\n\r\nHello, World!"), answer.text());
    }

    @Test
    void aHigherMinorVersionMayChunkItsBody() throws IOException {
        String chunked = Integer.toHexString(EVENT.length()) + "\r\n" + EVENT + "\r\n0\r\n\r\n";
        Answer answer = exchange(post("Transfer-Encoding: chunked\r\nConnection: close\r\n", chunked)
                .replace("HTTP/1.1", "HTTP/1.9"));
        assertEquals(List.of("HTTP/1.1 200"), answer.statusLines(), answer.text());
        assertTrue(answer.text().endsWith(EVENT), answer.text());
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
        Answer served = exchange("GET " + target(8_000) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertEquals(List.of("HTTP/1.1 200"), served.statusLines(), served.text());
        exchange("GET " + target(8_193) + " HTTP/1.1\r\nHost: x\r\n\r\n" + CANARY)
                .assertOneErrorThenClosed(414, "an 8,193-byte target");
    }

    /** Netty counts the section without its CRLFs: in 100 lines, 200 bytes fewer than the contract. */
    @ParameterizedTest
    @ValueSource(ints = {3, 100})
    void aSectionOf16000BytesIsServedAndOneOver16384Is431ThenClose(int lines) throws IOException {
        Answer served = exchange("GET /hello HTTP/1.1\r\n" + section(16_000, lines) + "\r\n");
        assertEquals(List.of("HTTP/1.1 200"), served.statusLines(), lines + " lines");
        exchange("GET /hello HTTP/1.1\r\n" + section(16_385, lines) + "\r\n" + CANARY)
                .assertOneErrorThenClosed(431, "16,385 bytes in " + lines + " lines");
    }

    @Test
    void moreThan100FieldLinesIs431ThenClose() throws IOException {
        Answer served = exchange("GET /hello HTTP/1.1\r\n" + section(2_000, 100) + "\r\n");
        assertEquals(List.of("HTTP/1.1 200"), served.statusLines(), served.text());
        exchange("GET /hello HTTP/1.1\r\n" + section(2_000, 101) + "\r\n" + CANARY)
                .assertOneErrorThenClosed(431, "101 field lines");
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/2.0", "HTTP/0.9", "HTTP/3.0"})
    void anotherMajorVersionIs505(String version) throws IOException {
        exchange("GET /hello " + version + "\r\nHost: x\r\n\r\n" + CANARY).assertOneErrorThenClosed(505, version);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http/1.1", "HTTPS/1.1", "HTTP/1", "HTTP/1.1.1"})
    void aVersionOfAnotherFormIs400ThenClose(String version) throws IOException {
        exchange("GET /hello " + version + "\r\nHost: x\r\n\r\n" + CANARY).assertOneErrorThenClosed(400, version);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/hello#x", "/hello?a=1#x", "/static/hello.txt#top", "/no-such-route#x"})
    void aFragmentIs400(String target) throws IOException {
        exchange("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n" + CANARY).assertOneErrorThenClosed(400, target);
    }

    /** Refused by Netty with the request head, before any route: the invalid request handler answers. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "Content-Length: abc",
                "Content-Length: +5",
                "Content-Length: 31, 32",
                "Transfer-Encoding: gzip",
                "Transfer-Encoding: chunked\r\nContent-Length: 31"
            })
    void aHeadWhoseFramingIsBrokenIs400ThenClose(String fields) throws IOException {
        exchange(post(fields + "\r\n", EVENT) + CANARY).assertOneErrorThenClosed(400, fields);
    }

    /** Refused by Netty as the body is read, after the route began reading it. */
    @ParameterizedTest
    @ValueSource(strings = {"0x1c", "-1c", "zz", ""})
    void aChunkSizeThatIsNotHexIs400ThenClose(String size) throws IOException {
        String body = size + "\r\n" + "x".repeat(28) + "\r\n0\r\n\r\n";
        exchange(post("Transfer-Encoding: chunked\r\n", body) + CANARY).assertOneErrorThenClosed(400, size);
    }

    @Test
    void aPeerThatEndsBeforeItsHeadIsWholeIsNoErrorOfOurs() {
        // Netty's decoder reports the client's FIN inside a head so; the contract logs no client's doing.
        assertTrue(
                Errors.isPeerGone(new PrematureChannelClosureException("Connection closed before received headers")));
        assertTrue(Errors.isPeerGone(new SocketException("Connection reset")));
        assertFalse(Errors.isPeerGone(new IllegalStateException("a failure of ours")));
    }

    @Test
    void chunkDataWithoutItsCrlfIs400ThenClose() throws IOException {
        exchange(post("Transfer-Encoding: chunked\r\n", "5\r\nhelloXX0\r\n\r\n") + CANARY)
                .assertOneErrorThenClosed(400, "chunk data without its CRLF");
    }

    /** Like any error to HEAD: the length of the error body, which is left out. */
    @ParameterizedTest
    @ValueSource(strings = {"/chat", "/event", "/no-such-route"})
    void anErrorToHeadHasItsLengthAndNoBody(String path) throws IOException {
        Answer answer = exchange("HEAD " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertEquals(1, answer.statusLines().size(), answer.text());
        assertTrue(answer.text().toLowerCase(Locale.ROOT).contains("\r\ncontent-length: "), answer.text());
        assertTrue(answer.text().endsWith("\r\n\r\n"), answer.text());
    }

    /** GET /hello answers before its body is read; the answer still goes out before the broken body closes. */
    @Test
    void anAnswerGivenBeforeABrokenBodyIsStillSent() throws IOException {
        Answer answer = exchange("GET /hello HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n" + CANARY);
        assertEquals(List.of("HTTP/1.1 200"), answer.statusLines(), answer.text());
        assertTrue(answer.closed(), answer.text());
    }

    /**
     * A route that answers later and never reads the body (the database, a file looked up): one answer, the 400 of the
     * broken body or the route's own if it came first, then close; the route's late answer is skipped rather than
     * written to an ended response or a closed connection. The static root here is the stack's directory.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "GET /health",
                "HEAD /health",
                "GET /aggregates",
                "GET /static/pom.xml",
                "HEAD /static/pom.xml",
                "GET /static/no-such-file"
            })
    void aBrokenChunkedBodyOnARouteThatAnswersLaterGetsOneAnswerThenClose(String request)
            throws IOException, InterruptedException {
        for (String body : List.of("zz\r\nxx\r\n0\r\n\r\n", "5\r\nhelloXX0\r\n\r\n")) {
            Answer answer =
                    exchange(request + " HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + body + CANARY);
            assertEquals(1, answer.statusLines().size(), request + ": " + answer.text());
            assertTrue(answer.text().toLowerCase(Locale.ROOT).contains("\r\ndate: "), answer.text());
            assertTrue(answer.closed(), request + ": the connection must be closed");
            if (answer.statusLines().getFirst().endsWith(" 400") && request.startsWith("GET")) {
                answer.assertOneErrorThenClosed(400, request);
            }
        }
        // The route's own answer, once the database or the file system has answered.
        Thread.sleep(500);
        assertEquals(List.of(), unhandled, request);
    }
}
