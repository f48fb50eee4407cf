package bench.aio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server on a real socket, as ab and wrk reach it, so that no figure of the bench comes from a server that
 * answers wrongly: keep-alive, pipelining, a request split across reads, Connection: close and HTTP/1.0, a body
 * skipped, and clients that close or reset early leaving the server serving.
 */
class Nio2HelloTest {

    private static Nio2Hello server;

    @BeforeAll
    static void start() throws IOException {
        server = Nio2Hello.start(0, 1);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private record Response(int status, Map<String, String> headers, String body) {}

    private static Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(5000);
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** One response: its head to the empty line, then Content-Length bytes of body (none after a HEAD). */
    private static Response read(InputStream in, boolean head) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (!bytes.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) throw new IOException("closed inside a response head: " + bytes);
            bytes.write(b);
        }
        String[] lines = bytes.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, String> headers = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(
                    lines[i].substring(0, colon).toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).strip());
        }
        int length = head ? 0 : Integer.parseInt(headers.get("content-length"));
        String body = new String(in.readNBytes(length), StandardCharsets.ISO_8859_1);
        return new Response(Integer.parseInt(lines[0].split(" ")[1]), headers, body);
    }

    private static Response read(Socket socket) throws IOException {
        return read(socket.getInputStream(), false);
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: test\r\n\r\n";
    }

    @Test
    void helloIsAnsweredAsEveryStackAnswersIt() throws IOException {
        try (Socket socket = connect()) {
            send(socket, get("/hello"));
            Response r = read(socket);
            assertEquals(200, r.status());
            assertEquals("Hello, World!", r.body());
            assertEquals("13", r.headers().get("content-length"));
            assertEquals("text/plain; charset=utf-8", r.headers().get("content-type"));
            assertTrue(r.headers().get("date").matches("\\w{3}, \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT"));
        }
    }

    @Test
    void oneConnectionServesRequestAfterRequest() throws IOException {
        try (Socket socket = connect()) {
            for (int i = 0; i < 100; i++) {
                send(socket, get("/hello"));
                Response r = read(socket);
                assertEquals(200, r.status());
                assertEquals(null, r.headers().get("connection"));
            }
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws IOException {
        try (Socket socket = connect()) {
            List<String> paths = new ArrayList<>();
            StringBuilder all = new StringBuilder();
            for (int i = 0; i < 300; i++) {
                String path = i % 3 == 1 ? "/other" + i : "/hello";
                paths.add(path);
                all.append(get(path));
            }
            all.append("HEAD /hello HTTP/1.1\r\nHost: test\r\n\r\n").append(get("/last"));
            send(socket, all.toString());
            InputStream in = socket.getInputStream();
            for (String path : paths) {
                Response r = read(in, false);
                assertEquals(path.equals("/hello") ? 200 : 404, r.status(), path);
            }
            Response head = read(in, true);
            assertEquals(200, head.status());
            assertEquals("13", head.headers().get("content-length"));
            assertEquals(404, read(in, false).status(), "the GET after the HEAD: no body was sent for the HEAD");
        }
    }

    @Test
    void aRequestSplitAcrossReadsIsAnsweredOnceWhole() throws Exception {
        try (Socket socket = connect()) {
            String request = get("/hello") + get("/hello");
            for (char c : request.toCharArray()) {
                send(socket, String.valueOf(c));
                Thread.sleep(2);
            }
            assertEquals(200, read(socket).status());
            assertEquals(200, read(socket).status());
            send(socket, "GET /hello HTTP/1.1\r\nHo");
            Thread.sleep(50);
            send(socket, "st: test\r\n\r\nGET /hel");
            assertEquals(200, read(socket).status());
            Thread.sleep(50);
            send(socket, "lo HTTP/1.1\r\nHost: test\r\n\r\n");
            assertEquals(200, read(socket).status());
        }
    }

    @Test
    void connectionCloseIsHonoured() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /hello HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n" + get("/hello"));
            Response r = read(socket);
            assertEquals("close", r.headers().get("connection"));
            assertEquals(-1, socket.getInputStream().read(), "closed after the answer; the request behind it unread");
        }
    }

    @Test
    void http10AsAbSendsItClosesAfterTheAnswer() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /hello HTTP/1.0\r\nHost: test\r\nUser-Agent: ApacheBench/2.3\r\nAccept: */*\r\n\r\n");
            Response r = read(socket);
            assertEquals(200, r.status());
            assertEquals("close", r.headers().get("connection"));
            assertEquals(-1, socket.getInputStream().read());
        }
        try (Socket socket = connect()) {
            for (int i = 0; i < 3; i++) {
                send(socket, "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
                assertEquals("keep-alive", read(socket).headers().get("connection"));
            }
        }
    }

    @Test
    void aBodyIsSkippedAndTheNextRequestAnswered() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "POST /hello HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n01234");
            Response r = read(socket);
            assertEquals(405, r.status());
            assertEquals("GET, HEAD", r.headers().get("allow"));
            Thread.sleep(20);
            send(socket, "56789" + get("/hello"));
            assertEquals(200, read(socket).status());
        }
    }

    @Test
    void malformedAndOversizedHeadsAreAnsweredThenClosed() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "BROKEN\r\n\r\n");
            assertEquals(400, read(socket).status());
            assertEquals(-1, socket.getInputStream().read());
        }
        try (Socket socket = connect()) {
            send(socket, "GET /hello HTTP/1.1\r\nHost: test\r\nX: " + "a".repeat(3 * RequestHead.MAX_HEAD));
            assertEquals(431, read(socket).status());
        }
    }

    /** The open file descriptors of this JVM, the server's sockets among them (Linux). */
    private static long openFiles() throws IOException {
        try (var files = Files.list(Path.of("/proc/self/fd"))) {
            return files.count();
        }
    }

    @Test
    void clientsThatLeaveEarlyCostNothing() throws Exception {
        long before = openFiles();
        for (int i = 0; i < 50; i++) {
            try (Socket partial = connect()) {
                send(partial, "GET /hello HTTP/1.1\r\nHo");
            }
            try (Socket unread = connect()) {
                send(unread, get("/hello").repeat(200));
            }
            try (Socket reset = connect()) {
                reset.setSoLinger(true, 0);
                send(reset, get("/hello").repeat(50));
            }
            Socket idle = connect();
            idle.close();
        }
        try (Socket socket = connect()) {
            send(socket, get("/hello"));
            assertEquals("Hello, World!", read(socket).body());
        }
        // Every abandoned connection closed on the server's side too: no socket left open for good.
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (openFiles() > before + 2 && System.nanoTime() < deadline) Thread.sleep(20);
        assertTrue(openFiles() <= before + 2, "open files: " + before + " before, " + openFiles() + " after");
    }
}
