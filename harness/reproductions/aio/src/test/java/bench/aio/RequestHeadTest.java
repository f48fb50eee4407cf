package bench.aio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the server reads from a request head, alone: each answer's status and whether the connection stays. */
class RequestHeadTest {

    private static RequestHead parse(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        return RequestHead.parse(bytes, 0, bytes.length);
    }

    @Test
    void anHttp11GetOfHelloIsA200OnAKeptConnection() {
        String text = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
        RequestHead head = parse(text);
        assertEquals(200, head.status());
        assertEquals(text.length(), head.length());
        assertTrue(head.keepAlive());
        assertFalse(head.head());
    }

    @Test
    void aHeadWithoutItsEmptyLineIsNotWholeYet() {
        assertNull(parse("GET /hello HTTP/1.1\r\nHost: x\r\n"));
        assertNull(parse("GET /hel"));
    }

    @Test
    void theLengthEndsAtTheFirstHeadsEmptyLine() {
        RequestHead head = parse("GET /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /other HTTP/1.1\r\n");
        assertEquals("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".length(), head.length());
    }

    @Test
    void connectionCloseEndsAnHttp11Connection() {
        assertFalse(parse("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n")
                .keepAlive());
        assertFalse(parse("GET /hello HTTP/1.1\r\nHost: x\r\nconnection: upgrade, close\r\n\r\n")
                .keepAlive());
    }

    @Test
    void http10ClosesUnlessItAsksForKeepAlive() {
        RequestHead ab = parse("GET /hello HTTP/1.0\r\nHost: x\r\nUser-Agent: ApacheBench/2.3\r\nAccept: */*\r\n\r\n");
        assertEquals(200, ab.status());
        assertFalse(ab.keepAlive());
        RequestHead kept = parse("GET /hello HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n");
        assertTrue(kept.keepAlive());
        assertTrue(kept.http10());
    }

    @Test
    void routesAndMethods() {
        assertEquals(200, parse("GET /hello?x=1 HTTP/1.1\r\nHost: x\r\n\r\n").status());
        assertTrue(parse("HEAD /hello HTTP/1.1\r\nHost: x\r\n\r\n").head());
        assertEquals(404, parse("GET /hello/ HTTP/1.1\r\nHost: x\r\n\r\n").status());
        assertEquals(404, parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n").status());
        assertEquals(
                405,
                parse("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
                        .status());
    }

    @Test
    void aBodyIsCountedToBeSkipped() {
        RequestHead post = parse("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nabcde");
        assertEquals(5, post.bodyLength());
        assertTrue(post.keepAlive());
    }

    @Test
    void malformedHeadsAreRefusedAndEndTheConnection() {
        for (String text : new String[] {
            "GET /hello\r\n\r\n",
            "GET hello HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /hello HTTP/1.1\r\n\r\n",
            "GET /hello HTTP/1.1\r\nHost x\r\n\r\n",
            "GET /hello HTTP/1.1\r\nHost : x\r\n\r\n",
            "GET /hello HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            "GET /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n",
            "GET /hello HTTP/one\r\nHost: x\r\n\r\n",
        }) {
            RequestHead head = parse(text);
            assertEquals(400, head.status(), text);
            assertFalse(head.keepAlive(), text);
        }
        assertEquals(505, parse("GET /hello HTTP/2.0\r\nHost: x\r\n\r\n").status());
        assertEquals(
                501,
                parse("POST /hello HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                        .status());
    }

    @Test
    void aHeadLongerThanTheLimitIs431() {
        String big = "GET /hello HTTP/1.1\r\nHost: x\r\nX: " + "a".repeat(RequestHead.MAX_HEAD);
        RequestHead head = parse(big);
        assertEquals(431, head.status());
        assertFalse(head.keepAlive());
    }
}
