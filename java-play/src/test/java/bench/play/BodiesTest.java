package bench.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import play.Mode;
import play.api.mvc.Handler;
import play.mvc.Http;
import play.mvc.Results;
import play.routing.Router;
import play.server.Server;

/**
 * Bodies on Play's own server (Pekko HTTP, as in production), over raw sockets so that the request is exactly as
 * written: the media-type gate, then the 1 MiB limit however the body arrives, then the handler, which answers with
 * the body's size.
 */
class BodiesTest {
    private static final int MIB = Bodies.MAX_BODY_BYTES;

    private static Server server;

    @BeforeAll
    static void start() {
        Bodies bodies = new Bodies(new Errors());
        Handler sizeOfBody = bodies.accepting(
                List.of(Bodies.JSON),
                (request, body) -> CompletableFuture.completedFuture(Results.ok(String.valueOf(body.size()))));
        server = Server.forRouter(Mode.TEST, 0, components -> new Router() {
            @Override
            public Optional<Handler> route(Http.RequestHeader request) {
                return Optional.of(sizeOfBody);
            }

            @Override
            public List<RouteDocumentation> documentation() {
                return List.of();
            }

            @Override
            public Router withPrefix(String prefix) {
                return this;
            }
        });
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "application/json",
                "Application/JSON",
                "application/json; charset=utf-8",
                "application/json ; x=y",
                // Pekko HTTP cannot parse these two (RFC 9110 allows an empty parameter); the type is still JSON.
                "APPLICATION/JSON;",
                "application/json; x"
            })
    void aJsonBodyReachesTheHandler(String type) throws IOException {
        assertEquals("HTTP/1.1 200 OK / 2", answer(post(type, "Content-Length: 2") + "{}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/jsonx", "application/*", "json", "application/json, text/plain"})
    void anotherTypeIs415(String type) throws IOException {
        assertEquals("415", status(answer(post(type, "Content-Length: 2") + "{}")));
    }

    @Test
    void noTypeIs415EvenWithoutABody() throws IOException {
        String request = "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 0\r\n\r\n";
        assertEquals("415", status(answer(request)));
    }

    @Test
    void a415ComesBeforeA413() throws IOException {
        assertEquals("415", status(answer(post("text/plain", "Content-Length: 104857600"))));
    }

    @Test
    void anAnnouncedLengthOverTheLimitIs413BeforeTheBodyIsSent() throws IOException {
        String answer = answer(post(Bodies.JSON, "Content-Length: " + (MIB + 1)));
        assertEquals("413", status(answer));
        assertTrue(answer.contains("Connection: close"), answer);
    }

    @Test
    void exactlyTheLimitIsAccepted() throws IOException {
        String body = "x".repeat(MIB);
        assertEquals("HTTP/1.1 200 OK / " + MIB, answer(post(Bodies.JSON, "Content-Length: " + MIB) + body));
        assertEquals(
                "HTTP/1.1 200 OK / " + MIB,
                answer(post(Bodies.JSON, "Transfer-Encoding: chunked") + chunk(body) + "0\r\n\r\n"));
    }

    @Test
    void smallChunksPastTheLimitAre413WithoutTheEnd() throws IOException {
        String chunk = chunk("x".repeat(64 * 1024));
        assertEquals("413", status(answer(post(Bodies.JSON, "Transfer-Encoding: chunked") + chunk.repeat(17))));
    }

    /** Pekko HTTP refuses a chunk over its max-chunk-size when it reads the size line; Play alone would answer 500. */
    @ParameterizedTest
    @ValueSource(ints = {MIB + 1, MIB + 64 * 1024})
    void oneChunkOverTheLimitIs413WithoutTheEnd(int size) throws IOException {
        String answer = answer(post(Bodies.JSON, "Transfer-Encoding: chunked") + chunk("x".repeat(size)));
        assertEquals("413", status(answer));
        assertTrue(answer.endsWith("{\"error\":\"Body is larger than 1 MiB\"}"), answer);
    }

    @Test
    void aChunkSizeBeyondAnIntIs413() throws IOException {
        assertEquals("413", status(answer(post(Bodies.JSON, "Transfer-Encoding: chunked") + "ffffffffff\r\nx")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zz\r\nabc\r\n0\r\n\r\n", "3\r\nabcX\r\n0\r\n\r\n"})
    void aMalformedChunkIs400(String chunks) throws IOException {
        assertEquals("400", status(answer(post(Bodies.JSON, "Transfer-Encoding: chunked") + chunks)));
    }

    private static String post(String type, String framing) {
        return "POST / HTTP/1.1\r\nHost: test\r\nContent-Type: " + type + "\r\n" + framing + "\r\n\r\n";
    }

    private static String chunk(String data) {
        return Integer.toHexString(data.length()) + "\r\n" + data + "\r\n";
    }

    /**
     * Writes the request and reads the first answer, without closing the request: an answer that waited for more of
     * the body never comes, and the read times out. A server that stops reading may reset the connection while the
     * request is still being written; the answer is read all the same.
     */
    private static String answer(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.httpPort())) {
            socket.setSoTimeout(5_000);
            byte[] bytes = request.getBytes(StandardCharsets.ISO_8859_1);
            CompletableFuture.runAsync(() -> {
                try {
                    OutputStream out = socket.getOutputStream();
                    out.write(bytes);
                    out.flush();
                } catch (IOException stoppedReading) {
                    // the server answered and closed before the whole request was written
                }
            });
            return firstResponse(socket.getInputStream());
        }
    }

    /** "status line / body" of the first response (it always has a Content-Length here). */
    private static String firstResponse(InputStream in) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) > 0; ) {
                received.write(buffer, 0, n);
                String text = received.toString(StandardCharsets.UTF_8);
                int end = text.indexOf("\r\n\r\n");
                if (end >= 0) {
                    String head = text.substring(0, end);
                    int length = contentLength(head);
                    if (text.length() - end - 4 >= length) {
                        String statusLine = head.substring(0, head.indexOf("\r\n"));
                        String body = text.substring(end + 4, end + 4 + length);
                        return statusLine.startsWith("HTTP/1.1 200") ? statusLine + " / " + body : head + body;
                    }
                }
            }
        } catch (SocketTimeoutException noAnswer) {
            return "no answer: " + received.toString(StandardCharsets.UTF_8);
        }
        return "closed: " + received.toString(StandardCharsets.UTF_8);
    }

    private static int contentLength(String head) {
        return Arrays.stream(head.split("\r\n"))
                .filter(line -> line.regionMatches(true, 0, "Content-Length:", 0, 15))
                .map(line -> Integer.parseInt(line.substring(15).trim()))
                .findFirst()
                .orElse(0);
    }

    private static String status(String answer) {
        return answer.startsWith("HTTP/1.1 ") ? answer.substring(9, 12) : answer;
    }
}
