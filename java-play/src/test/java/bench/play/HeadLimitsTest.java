package bench.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import play.Application;
import play.ApplicationLoader;
import play.Environment;
import play.core.server.Server;
import play.core.server.ServerConfig;
import scala.Option;

/**
 * The four limits of spec/API.md §1.6 on the application as it runs (AppComponents, application.conf, Play's server
 * with {@link PekkoServer}), over raw sockets: the figure served and the first one refused for each, counted as the
 * contract counts. Each refusal is the JSON error body with Date, then the connection closed, the request written
 * behind it never answered.
 */
class HeadLimitsTest {
    private static final String HOST = "Host: test\r\n";
    private static final String CANARY = "GET /hello HTTP/1.1\r\n" + HOST + "\r\n";

    private static Server server;

    @BeforeAll
    static void start() {
        Application application = new AppComponents(ApplicationLoader.create(Environment.simple())).application();
        ServerConfig config = ServerConfig.apply(
                new File("."),
                Option.<Object>apply(0),
                Option.empty(),
                "127.0.0.1",
                play.api.Mode.Test$.MODULE$,
                System.getProperties(),
                application.asScala().configuration());
        server = new PekkoServer.Provider().createServer(config, application.asScala());
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @Test
    void aTargetOf8192BytesIsServedAndOneMoreIs414() throws IOException {
        assertEquals("200 Hello, World!", served("GET " + target(8_192) + " HTTP/1.1\r\n" + HOST + "\r\n"));
        refused("GET " + target(8_193) + " HTTP/1.1\r\n" + HOST + "\r\n", 414, "Request target too long");
    }

    @Test
    void aTargetTooLongIsRefusedBeforeTheFields() throws IOException {
        refused("GET " + target(8_193) + " HTTP/1.1\r\n" + section(16_385, 1) + "\r\n", 414, "Request target too long");
    }

    /** The section counted as the contract does: Host and the other field lines, each with its CRLF. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 99})
    void aSectionOf16384BytesIsServedAndOneMoreIs431(int fields) throws IOException {
        assertEquals("200 Hello, World!", served("GET /hello HTTP/1.1\r\n" + section(16_384, fields) + "\r\n"));
        refused("GET /hello HTTP/1.1\r\n" + section(16_385, fields) + "\r\n", 431, "Request header fields too large");
    }

    /** Pekko keeps these with the body and Play puts them back; the fields the server adds itself are not counted. */
    @Test
    void theFieldsKeptWithTheBodyCountAndThoseTheServerAddsDoNot() throws IOException {
        String event = "{\"eventName\":\"limits\",\"teams\":[]}";
        for (String framing : List.of("Content-Length: " + event.length(), "Transfer-Encoding: chunked")) {
            String fields = "Content-Type: application/json\r\n" + framing + "\r\n";
            String body = framing.startsWith("Transfer")
                    ? Integer.toHexString(event.length()) + "\r\n" + event + "\r\n0\r\n\r\n"
                    : event;
            String served = "POST /event HTTP/1.1\r\n" + section(16_384 - fields.length(), 1) + fields + "\r\n";
            assertEquals("200 " + event, served(served + body));
            String refused = "POST /event HTTP/1.1\r\n" + section(16_385 - fields.length(), 1) + fields + "\r\n";
            refused(refused + body, 431, "Request header fields too large");
        }
    }

    /** A value may fill the section too (above); one field over the whole head's 32 KiB is Pekko's own 431. */
    @Test
    void aNameMayFillTheSection() throws IOException {
        String name = "X-" + "n".repeat(16_384 - HOST.length() - "X-: v\r\n".length());
        assertEquals("200 Hello, World!", served("GET /hello HTTP/1.1\r\n" + HOST + name + ": v\r\n\r\n"));
        refused("GET /hello HTTP/1.1\r\n" + section(40_000, 1) + "\r\n", 431, "Request header fields too large");
    }

    /** Pekko refuses the 101st field line itself, with a 400 that {@link ParsingErrors} answers as 431. */
    @ParameterizedTest
    @ValueSource(ints = {101, 1_000, 5_000})
    void aHundredFieldLinesAreServedAndMoreAre431(int lines) throws IOException {
        assertEquals("200 Hello, World!", served("GET /hello HTTP/1.1\r\n" + HOST + fieldLines(99) + "\r\n"));
        refused(
                "GET /hello HTTP/1.1\r\n" + HOST + fieldLines(lines - 1) + "\r\n",
                431,
                "Request header fields too large");
    }

    /** A target of {@code bytes} bytes on /hello. */
    private static String target(int bytes) {
        return "/hello?q=" + "x".repeat(bytes - "/hello?q=".length());
    }

    /** Host and {@code count} more field lines, {@code bytes} bytes in all with their CRLFs. */
    private static String section(int bytes, int count) {
        StringBuilder section = new StringBuilder(HOST);
        int room = bytes - HOST.length();
        for (int i = 0; i < count; i++) {
            String name = "X-Pad-" + i + ": ";
            int share = room / count + (i < room % count ? 1 : 0);
            section.append(name).append("x".repeat(share - name.length() - 2)).append("\r\n");
        }
        assertEquals(bytes, section.length());
        return section.toString();
    }

    private static String fieldLines(int count) {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < count; i++)
            lines.append("X-F-").append(i).append(": ").append(i).append("\r\n");
        return lines.toString();
    }

    /** Status and body of the answer to {@code request}; the canary behind it is answered too. */
    private static String served(String request) throws IOException {
        List<String> answers =
                answers(request + CANARY + "GET /hello HTTP/1.1\r\n" + HOST + "Connection: close\r\n\r\n");
        assertEquals(3, answers.size(), answers.toString());
        String answer = answers.get(0);
        return answer.substring(9, 12) + " " + answer.substring(answer.indexOf("\r\n\r\n") + 4);
    }

    private static void refused(String request, int status, String message) throws IOException {
        List<String> answers = answers(request + CANARY);
        assertEquals(1, answers.size(), "one answer, then the connection closed: " + answers);
        String answer = answers.get(0);
        assertTrue(answer.startsWith("HTTP/1.1 " + status + " "), answer);
        assertTrue(answer.contains("\r\nDate: "), answer);
        assertTrue(answer.contains("\r\nConnection: close\r\n"), answer);
        assertTrue(answer.contains("\r\nContent-Type: application/json\r\n"), answer);
        assertTrue(answer.endsWith("\r\n\r\n{\"error\":\"" + message + "\"}"), answer);
    }

    /** Writes the bytes and reads until the server closes the connection; the answers, split at each status line. */
    private static List<String> answers(String request) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        try (Socket socket = new Socket("127.0.0.1", (Integer) server.httpPort().get())) {
            socket.setSoTimeout(5_000);
            try {
                OutputStream out = socket.getOutputStream();
                out.write(request.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (IOException closedWhileWriting) {
                // A refused head is answered before the rest of what was written is read.
            }
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8_192];
            try {
                for (int n; (n = in.read(buffer)) != -1; ) read.write(buffer, 0, n);
            } catch (SocketTimeoutException stillOpen) {
                read.writeBytes(
                        "HTTP/1.1 (no more answers, the connection still open)".getBytes(StandardCharsets.ISO_8859_1));
            } catch (SocketException reset) {
                // The server closed with bytes of ours still unread: what it answered before is in `read`.
            }
        }
        String all = read.toString(StandardCharsets.ISO_8859_1);
        List<String> answers = new ArrayList<>();
        for (int start = all.indexOf("HTTP/1.1 "); start >= 0; ) {
            int next = all.indexOf("HTTP/1.1 ", start + 1);
            answers.add(next < 0 ? all.substring(start) : all.substring(start, next));
            start = next;
        }
        return answers;
    }
}
