package bench.play.statics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.stream.Materializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import play.mvc.Http;
import play.mvc.Result;

/** The route end to end on a tree like the fixtures', through Play's request and result types. */
class StaticFilesTest {
    static ActorSystem system;
    static StaticFiles files;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws IOException {
        // application.conf declares static-files.dispatcher; the test system reads it too.
        system = ActorSystem.create("static-files-test");
        StaticFileTest.tree(dir);
        files = new StaticFiles(dir.resolve("static"), system);
    }

    @AfterAll
    static void stop() {
        system.terminate();
    }

    private static Result send(String method, String target, String... headers) throws Exception {
        Http.RequestBuilder request = new Http.RequestBuilder().method(method).uri(target);
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return files.serve(request.build()).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static Result get(String target, String... headers) throws Exception {
        return send("GET", target, headers);
    }

    private static byte[] body(Result result) throws Exception {
        return result.body()
                .consumeData(Materializer.matFromSystem(system))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .toArray();
    }

    private static Optional<Long> length(Result result) {
        return result.body().contentLength();
    }

    @Test
    void aFileWithItsBytesLengthTypeAndValidators() throws Exception {
        Result result = get("/static/hello.txt");
        assertEquals(200, result.status());
        assertArrayEquals(StaticFileTest.HELLO, body(result));
        assertEquals(Optional.of(32L), length(result));
        assertEquals(Optional.of("text/plain"), result.contentType());
        assertEquals(Optional.of("utf-8"), result.charset());
        assertEquals(Optional.of("bytes"), result.header("Accept-Ranges"));
        assertEquals(Optional.of("Mon, 01 Jan 2024 00:00:00 GMT"), result.header("Last-Modified"));
        assertTrue(result.header("ETag").isPresent());
    }

    @Test
    void headHasTheGetsHeadersAndStatusButNoBytes() throws Exception {
        for (String range : new String[] {"", "bytes=-5"}) {
            Result get = get("/static/big.bin", "Range", range);
            Result head = send("HEAD", "/static/big.bin", "Range", range);
            assertEquals(get.status(), head.status());
            assertEquals(get.headers(), head.headers());
            assertEquals(length(get), length(head));
            assertEquals(get.contentType(), head.contentType());
            assertEquals(0, body(head).length, "the file is not even opened");
        }
    }

    @Test
    void theRawPathIsDecodedOnceAndTheQueryIgnored() throws Exception {
        assertEquals(200, get("/static/%68ello%2etxt").status());
        assertEquals(200, get("/static/hello.txt?v=2&download=1").status());
        assertArrayEquals(StaticFileTest.HELLO, body(get("/static/link-to-hello.txt")));
        assertArrayEquals(
                "a name with a semicolon\n".getBytes(StandardCharsets.US_ASCII),
                body(get("/static/hello.txt%3Bx")),
                "; is part of a name, escaped or not");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/static/missing.txt",
                "/static/sub",
                "/static/sub/",
                "/static/",
                "/static/.hidden",
                "/static/sub/.secret",
                "/static/hello.txt/",
                "/static/hello.txt/sub",
                "/static//hello.txt",
                "/static/sub//nested.txt",
                "/static/%2e%2e/static-outside/secret.txt",
                "/static/..%2fstatic-outside%2fsecret.txt",
                "/static/%252e%252e/static-outside/secret.txt",
                "/static/..%5cstatic-outside%5csecret.txt",
                "/static/hello.txt%00.bin",
                "/static/%ff",
                "/static/outside.txt",
                "/static/outside-dir/secret.txt",
                "/static/outside-dir/"
            })
    void nothingElseIsServed(String target) throws Exception {
        Result result = get(target);
        assertEquals(404, result.status(), target);
        assertEquals(Optional.of("application/json"), result.contentType());
    }

    @Test
    void oneRangeIsItsSliceWithContentRange() throws Exception {
        Result result = get("/static/big.bin", "Range", "bytes=65530-65545");
        assertEquals(206, result.status());
        assertEquals(Optional.of("bytes 65530-65545/204800"), result.header("Content-Range"));
        assertEquals(Optional.of(16L), length(result));
        assertArrayEquals(Arrays.copyOfRange(StaticFileTest.BIG, 65530, 65546), body(result));
        assertEquals(Optional.of("bytes"), result.header("Accept-Ranges"));
    }

    @Test
    void aSuffixLongerThanTheFileIsAllOfIt() throws Exception {
        Result result = get("/static/hello.txt", "Range", "bytes=-99999999999999999999999");
        assertEquals(206, result.status());
        assertEquals(Optional.of("bytes 0-31/32"), result.header("Content-Range"));
        assertArrayEquals(StaticFileTest.HELLO, body(result));
    }

    @Test
    void anUnsatisfiableRangeIs416WithTheLengthAndTheJsonError() throws Exception {
        Result result = get("/static/hello.txt", "Range", "bytes=99999999999999999999999-");
        assertEquals(416, result.status());
        assertEquals(Optional.of("bytes */32"), result.header("Content-Range"));
        assertEquals(Optional.of("application/json"), result.contentType());
        assertTrue(new String(body(result), StandardCharsets.UTF_8).startsWith("{\"error\":"));
    }

    @Test
    void severalOrMalformedRangesAreTheWholeFile() throws Exception {
        for (String range : new String[] {"bytes=0-1,5-6", "bytes=0- 1", "Bytes=0-1", "bytes=5-2"}) {
            Result result = get("/static/hello.txt", "Range", range);
            assertEquals(200, result.status(), range);
            assertArrayEquals(StaticFileTest.HELLO, body(result), range);
        }
    }

    @Test
    void anEmptyFileIsA200WithNoBytesAndAnyRangeOnIt416() throws Exception {
        Result result = get("/static/empty.txt");
        assertEquals(200, result.status());
        assertEquals(Optional.of(0L), length(result));
        assertEquals(416, get("/static/empty.txt", "Range", "bytes=0-").status());
    }

    @Test
    void aConditional304ComesBeforeTheRangeAndRepeatsTheValidators() throws Exception {
        Result fresh = get("/static/hello.txt");
        for (String[] condition : new String[][] {
            {"If-Modified-Since", "Mon, 01 Jan 2024 00:00:00 GMT"},
            {"If-Modified-Since", "Tue Jul  1 00:00:00 2025"},
            {"If-None-Match", fresh.header("ETag").orElseThrow()},
            {"If-None-Match", "*"}
        }) {
            for (String range : new String[] {"bytes=0-1", "bytes=-0"}) {
                Result result = get("/static/hello.txt", condition[0], condition[1], "Range", range);
                assertEquals(304, result.status(), condition[1] + " " + range);
                assertEquals(0, body(result).length);
                assertEquals(fresh.header("ETag"), result.header("ETag"));
                assertEquals(fresh.header("Last-Modified"), result.header("Last-Modified"));
            }
        }
    }

    @Test
    void aConditionThatDoesNotHoldIsTheFullAnswer() throws Exception {
        Map<String, Integer> cases = Map.of(
                "Sun, 31 Dec 2023 23:59:59 GMT", 200,
                "yesterday-ish", 200);
        for (Map.Entry<String, Integer> c : cases.entrySet()) {
            assertEquals(
                    c.getValue(),
                    get("/static/hello.txt", "If-Modified-Since", c.getKey()).status());
        }
        Result result = get(
                "/static/hello.txt",
                "If-None-Match",
                "\"no-such-etag\"",
                "If-Modified-Since",
                "Mon, 01 Jan 2024 00:00:00 GMT");
        assertEquals(200, result.status());
        assertArrayEquals(StaticFileTest.HELLO, body(result));
    }
}
