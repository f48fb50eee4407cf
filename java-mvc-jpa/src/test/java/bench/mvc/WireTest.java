package bench.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The bytes below the routes (spec/API.md §1.6) on the running application, written raw to Tomcat and to Jetty:
 * what each container's parser refuses gets the contract's status and JSON body, and where a request must leave
 * the connection sound, a request behind it on the same connection is answered too.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.datasource.hikari.maximum-pool-size=2", "spring.datasource.hikari.minimum-idle=1"})
@EnabledIf("treePresent")
class WireTest {

    /** The application serves the generated static tree (`make unit` makes it), as StaticFilesTest reads it. */
    static Path root() {
        String env = System.getenv("STATIC_ROOT");
        return Path.of(env == null ? "../.run/static" : env).toAbsolutePath().normalize();
    }

    static boolean treePresent() {
        return Files.isRegularFile(root().resolve("hello.txt"));
    }

    @DynamicPropertySource
    static void root(DynamicPropertyRegistry properties) {
        properties.add("bench.static-root", () -> root().toString());
    }

    private static final String CANARY = "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3})");
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?i)\r\ncontent-length: *(\\d+)");

    record Answer(int status, String head) {
        boolean has(String field) {
            return head.toLowerCase().contains("\r\n" + field.toLowerCase());
        }
    }

    record Exchange(List<Answer> answers, boolean closed, String received) {
        List<Integer> statuses() {
            return answers.stream().map(Answer::status).toList();
        }
    }

    @Nested
    @TestPropertySource(properties = "bench.server=tomcat")
    class OnTomcat extends Clauses {
        @Test
        void aVersionOfAnotherFormIs400ThenClose() throws IOException {
            for (String version : new String[] {"HTTP/1", "HTTP/1.1.1"}) {
                var exchange = send("GET /hello " + version + "\r\nHost: x\r\n\r\n" + CANARY);
                assertThat(exchange.statuses()).as(version).containsExactly(400);
                assertThat(exchange.closed()).isTrue();
                assertEnvelope(exchange.answers().getFirst());
            }
        }
    }

    /** Jetty answers a malformed version 505, whatever its form: a deviation (stack.json), not a clause here. */
    @Nested
    @TestPropertySource(properties = "bench.server=jetty")
    class OnJetty extends Clauses {}

    abstract static class Clauses {

        @LocalServerPort
        int port;

        @Test
        void anEscapedSlashInARouteIsAnUnknownRoute() throws IOException {
            var exchange = send("GET /health%2F HTTP/1.1\r\nHost: x\r\n\r\n" + CANARY);
            assertThat(exchange.statuses()).containsExactly(404, 200);
            assertEnvelope(exchange.answers().getFirst());
        }

        @Test
        void traceIsAMethodTheRouteLacks() throws IOException {
            var exchange = send("TRACE /bookings HTTP/1.1\r\nHost: x\r\n\r\n" + CANARY);
            assertThat(exchange.statuses()).containsExactly(405, 200);
            assertThat(exchange.answers().getFirst().head()).contains("\r\nAllow: POST\r\n");
            assertThat(send("TRACE /no-such-route HTTP/1.1\r\nHost: x\r\n\r\n" + CANARY)
                            .statuses())
                    .containsExactly(404, 200);
        }

        @Test
        void anotherMajorVersionIs505() throws IOException {
            var exchange = send("GET /hello HTTP/2.0\r\nHost: x\r\n\r\n");
            assertThat(exchange.statuses()).containsExactly(505);
            assertEnvelope(exchange.answers().getFirst());
        }

        @Test
        void aTransferCodingOtherThanChunkedLastIs400ThenClose() throws IOException {
            var exchange = send("POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: gzip\r\n\r\n{}" + CANARY);
            assertThat(exchange.statuses()).containsExactly(400);
            assertThat(exchange.closed()).isTrue();
            assertEnvelope(exchange.answers().getFirst());
        }

        @Test
        void aBrokenChunkIs400WithItsLengthThenClose() throws IOException {
            var exchange = send("POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\nzz\r\nxx\r\n0\r\n\r\n" + CANARY);
            assertThat(exchange.statuses()).containsExactly(400);
            assertThat(exchange.closed()).isTrue();
            assertEnvelope(exchange.answers().getFirst());
        }

        /**
         * A route that refuses a request answers before reading its body; when that body turns out to be a broken
         * chunk, the answer must still arrive whole, once, and the connection end.
         */
        @Test
        void aRefusalAheadOfABrokenChunkArrivesWholeThenClose() throws IOException {
            var exchange = send("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n-1c\r\n" + "x".repeat(28) + "\r\n0\r\n\r\n" + CANARY);
            assertThat(exchange.statuses()).containsExactly(405);
            assertThat(exchange.closed()).isTrue();
            var answer = exchange.answers().getFirst();
            assertEnvelope(answer);
            assertThat(answer.has("Content-Length: 30")).as(answer.head()).isTrue();
            assertThat(exchange.received()).endsWith("\r\n\r\n{\"error\":\"method not allowed\"}");
        }

        /** A head of the given target and a section of {@code Host: x} and one field, {@code section} bytes long. */
        static String head(String target, int section) {
            String host = "Host: x\r\n";
            String field = "X-Pad: " + "x".repeat(section - host.length() - "X-Pad: \r\n".length()) + "\r\n";
            return "GET " + target + " HTTP/1.1\r\n" + host + field + "\r\n";
        }

        static String target(int bytes) {
            return "/hello?q=" + "x".repeat(bytes - "/hello?q=".length());
        }

        @Test
        void aHeadWithinTheLimitsIsServed() throws IOException {
            assertThat(send(head(target(8_000), 16_000) + CANARY).statuses()).containsExactly(200, 200);
            String lines = "X-F: 1\r\n".repeat(99);
            assertThat(send("GET /hello HTTP/1.1\r\nHost: x\r\n" + lines + "\r\n" + CANARY)
                            .statuses())
                    .containsExactly(200, 200);
        }

        /** Under 32 KiB {@link HeadLimits} refuses, over it the container: the same answers, then close. */
        @Test
        void aHeadOverALimitIs414Or431ThenClose() throws IOException {
            String lines = "X-F: 1\r\n".repeat(100);
            var cases = new Object[][] {
                {head(target(8_193), 16_385), 414},
                {head(target(40_000), 100), 414},
                {head("/hello", 16_385), 431},
                {head("/hello", 40_000), 431},
                {"GET /hello HTTP/1.1\r\nHost: x\r\n" + lines + "\r\n", 431},
            };
            for (var refused : cases) {
                String request = (String) refused[0];
                var exchange = send(request + CANARY);
                String what = request.length() + " bytes of head";
                assertThat(exchange.statuses()).as(what).containsExactly((int) refused[1]);
                assertThat(exchange.closed()).as(what).isTrue();
                assertEnvelope(exchange.answers().getFirst());
                assertThat(exchange.answers().getFirst().has("Connection: close"))
                        .as(what)
                        .isTrue();
            }
        }

        Exchange send(String request) throws IOException {
            try (var socket = new Socket("127.0.0.1", port)) {
                socket.setSoTimeout(3_000);
                socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
                var received = new ByteArrayOutputStream();
                boolean closed;
                try {
                    socket.getInputStream().transferTo(received);
                    closed = true;
                } catch (SocketTimeoutException e) {
                    closed = false;
                } catch (IOException e) { // reset: the server closed with the canary unread
                    closed = true;
                }
                String text = received.toString(StandardCharsets.ISO_8859_1);
                return new Exchange(answers(text), closed, text);
            }
        }

        /** The answers in what was received, each framed by its Content-Length or its chunks. */
        static List<Answer> answers(String received) {
            var answers = new ArrayList<Answer>();
            int at = 0;
            while (at < received.length()) {
                int end = received.indexOf("\r\n\r\n", at);
                var status = STATUS_LINE.matcher(received).region(at, received.length());
                if (end < 0 || !status.lookingAt()) break;
                var answer = new Answer(Integer.parseInt(status.group(1)), received.substring(at, end + 2));
                answers.add(answer);
                at = end + 4;
                var length = CONTENT_LENGTH.matcher(answer.head());
                if (length.find()) {
                    at += Integer.parseInt(length.group(1));
                } else if (answer.has("Transfer-Encoding: chunked")) {
                    int last = received.indexOf("\r\n0\r\n\r\n", at - 2);
                    at = last < 0 ? received.length() : last + 7;
                } else {
                    at = received.length();
                }
            }
            return answers;
        }

        static void assertEnvelope(Answer answer) {
            assertThat(answer.has("Date:")).as(answer.head()).isTrue();
            assertThat(answer.has("Content-Type: application/json"))
                    .as(answer.head())
                    .isTrue();
            assertThat(answer.has("Content-Length:") || answer.has("Transfer-Encoding: chunked"))
                    .as(answer.head())
                    .isTrue();
        }
    }
}
