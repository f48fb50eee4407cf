package bench.play.statics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.contract.statics.StaticTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.util.ByteString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StaticFileTest {
    static final byte[] HELLO = "Hello from the static fixtures!\n".getBytes(StandardCharsets.US_ASCII);
    // Half a second past the fixtures' mtime: below an HTTP date's precision.
    static final Instant MTIME = Instant.parse("2024-01-01T00:00:00.500Z");
    // 200 KiB, several chunks: a byte's value is its position modulo 251, so any slice is recognisable.
    static final byte[] BIG = big(200 * 1024);

    private static final StaticFile FILE = new StaticFile(Path.of("hello.txt"), 13, MTIME);

    static ActorSystem system;

    @TempDir
    static Path dir;

    static Path root;

    @BeforeAll
    static void start() throws IOException {
        system = ActorSystem.create("static-file-test");
        root = tree(dir);
    }

    @AfterAll
    static void stop() {
        system.terminate();
    }

    /**
     * The shape of spec/fixtures/static/generate.mjs's tree, in {@code dir}/static, with a secret beside it in
     * {@code dir}/static-outside; returns the real path of the root.
     */
    static Path tree(Path dir) throws IOException {
        Path root = Files.createDirectories(dir.resolve("static"));
        Path outside = Files.createDirectories(dir.resolve("static-outside"));
        Files.writeString(outside.resolve("secret.txt"), "the secret beside the root\n");
        Files.createDirectories(root.resolve("sub"));
        Files.write(root.resolve("hello.txt"), HELLO);
        Files.write(root.resolve("big.bin"), BIG);
        Files.write(root.resolve("empty.txt"), new byte[0]);
        Files.writeString(root.resolve("sub/nested.txt"), "nested\n");
        Files.writeString(root.resolve("hello.txt;x"), "a name with a semicolon\n");
        Files.writeString(root.resolve(".hidden"), "hidden\n");
        Files.writeString(root.resolve("sub/.secret"), "secret\n");
        Files.createSymbolicLink(root.resolve("link-to-hello.txt"), Path.of("hello.txt"));
        Files.createSymbolicLink(root.resolve("outside.txt"), Path.of("../static-outside/secret.txt"));
        Files.createSymbolicLink(root.resolve("outside-dir"), Path.of("../static-outside"));
        Files.createSymbolicLink(root.resolve("loop"), Path.of("loop"));
        for (String file : List.of("hello.txt", "big.bin", "empty.txt", "sub/nested.txt")) {
            Files.setLastModifiedTime(root.resolve(file), FileTime.from(MTIME));
        }
        return root.toRealPath();
    }

    private static byte[] big(int size) {
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) (i % 251);
        }
        return bytes;
    }

    private static Optional<StaticFile> resolve(String path) {
        return StaticFile.resolve(new StaticTree(root), List.of(path.split("/")));
    }

    @Test
    void aRegularFileInsideTheRootWithItsSizeAndMtime() {
        StaticFile hello = resolve("hello.txt").orElseThrow();
        assertEquals(root.resolve("hello.txt"), hello.path());
        assertEquals(32, hello.size());
        assertEquals(MTIME, hello.lastModified());
        assertEquals(
                root.resolve("sub/nested.txt"),
                resolve("sub/nested.txt").orElseThrow().path());
    }

    @Test
    void aSymlinkInsideTheRootIsItsTarget() {
        assertEquals(
                root.resolve("hello.txt"),
                resolve("link-to-hello.txt").orElseThrow().path());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "outside.txt",
                "outside-dir/secret.txt",
                "outside-dir",
                "sub",
                "missing.txt",
                "sub/missing.txt",
                "hello.txt/sub",
                "loop",
                "a\0b"
            })
    void nothingButARegularFileInsideTheRealRootIsFound(String path) {
        assertEquals(Optional.empty(), resolve(path), path);
    }

    @Test
    void aRootThatIsASymlinkIsComparedByItsRealPath() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("root-link"), dir.resolve("static"));
        StaticFile hello =
                StaticFile.resolve(new StaticTree(link), List.of("hello.txt")).orElseThrow();
        assertEquals(root.resolve("hello.txt"), hello.path());
    }

    @Test
    void lastModifiedIsAnImfFixdateInWholeSeconds() {
        assertEquals("Mon, 01 Jan 2024 00:00:00 GMT", FILE.lastModifiedHeader());
        assertEquals(
                "Tue, 05 Mar 2024 07:08:09 GMT",
                new StaticFile(Path.of("x"), 0, Instant.parse("2024-03-05T07:08:09.999Z")).lastModifiedHeader());
    }

    @Test
    void theEtagChangesWithTheSizeOrTheMtime() {
        assertEquals("W/\"d-18cc251f5f4\"", FILE.etag());
        assertTrue(!FILE.etag().equals(new StaticFile(FILE.path(), 14, MTIME).etag()));
        assertTrue(!FILE.etag().equals(new StaticFile(FILE.path(), 13, MTIME.plusMillis(1)).etag()));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "If-Modified-Since; Mon, 01 Jan 2024 00:00:00 GMT;  true",
                "If-Modified-Since; Tue, 01 Jul 2025 00:00:00 GMT;  true",
                "If-Modified-Since; Monday, 01-Jan-24 00:00:00 GMT; true",
                "If-Modified-Since; Tuesday, 01-Jul-25 00:00:00 GMT; true",
                "If-Modified-Since; Mon Jan  1 00:00:00 2024;       true",
                "If-Modified-Since; Tue Jul  1 00:00:00 2025;       true",
                "If-Modified-Since; Sun, 31 Dec 2023 23:59:59 GMT;  false",
                "If-Modified-Since; Sunday, 31-Dec-23 23:59:59 GMT; false",
                "If-Modified-Since; Sun Dec 31 23:59:59 2023;       false",
                "If-Modified-Since; yesterday-ish;                  false",
                "If-Modified-Since; 2025-01-01T00:00:00Z;           false",
                "If-None-Match;     W/\"d-18cc251f5f4\";            true",
                "If-None-Match;     \"d-18cc251f5f4\";              true",
                "If-None-Match;     \"x\", W/\"d-18cc251f5f4\";     true",
                "If-None-Match;     *;                              true",
                "If-None-Match;     \"x\";                          false",
                "If-None-Match;     '';                             false"
            })
    void answersConditionalRequests(String header, String value, boolean notModified) {
        Optional<String> given = Optional.of(value);
        assertEquals(
                notModified,
                header.equals("If-None-Match")
                        ? FILE.notModified(given, Optional.empty())
                        : FILE.notModified(Optional.empty(), given));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {"\"x\"; false", "W/\"d-18cc251f5f4\"; true", "''; false"})
    void ifNoneMatchDecidesAloneEvenWithAMatchingIfModifiedSince(String etag, boolean notModified) {
        assertEquals(notModified, FILE.notModified(Optional.of(etag), Optional.of("Mon, 01 Jan 2024 00:00:00 GMT")));
    }

    @Test
    void noConditionIsNoMatch() {
        assertEquals(false, FILE.notModified(Optional.empty(), Optional.empty()));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "Sun, 06 Nov 1994 08:49:37 GMT;  1994-11-06T08:49:37Z",
                "Sunday, 06-Nov-94 08:49:37 GMT; 1994-11-06T08:49:37Z",
                "Sun Nov  6 08:49:37 1994;       1994-11-06T08:49:37Z",
                "Sun Nov 16 08:49:37 1994;       1994-11-16T08:49:37Z",
                "Wed, 06 Nov 1994 08:49:37 GMT;  1994-11-06T08:49:37Z",
                "Thursday, 01-Jan-30 00:00:00 GMT; 2030-01-01T00:00:00Z"
            })
    void readsTheThreeFormsOfAnHttpDateIgnoringTheDayName(String text, String instant) {
        assertEquals(Optional.of(Instant.parse(instant)), StaticFile.parseHttpDate(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Sun, 6 Nov 1994 08:49:37 GMT",
                "Sun, 06 Nov 1994 08:49:37 UTC",
                "sun, 06 nov 1994 08:49:37 gmt",
                "Sun,  06 Nov 1994 08:49:37 GMT",
                "Sun, 31 Feb 1994 08:49:37 GMT",
                "Sun, 06 Nov 1994 24:00:00 GMT",
                "Sun, 06 Nov 1994 23:60:00 GMT",
                "Sun Nov 6 08:49:37 1994",
                "Sun, 06-Nov-94 08:49:37 GMT",
                "1994-11-06T08:49:37Z",
                "784111777",
                ""
            })
    void anythingElseIsNoDate(String text) {
        assertEquals(Optional.empty(), StaticFile.parseHttpDate(text), text);
    }

    @Test
    void aTwoDigitYearMoreThan50YearsAheadIsInThePast() {
        int nextCentury = (Instant.now().atZone(java.time.ZoneOffset.UTC).getYear() + 60) % 100;
        String text = String.format("Monday, 01-Jan-%02d 00:00:00 GMT", nextCentury);
        Instant parsed = StaticFile.parseHttpDate(text).orElseThrow();
        assertTrue(parsed.isBefore(Instant.now()), text + " → " + parsed);
    }

    private static byte[] read(StaticFile file, long first, long count)
            throws ExecutionException, InterruptedException, java.util.concurrent.TimeoutException {
        return file.bytes(first, count)
                .runWith(
                        Sink.fold(ByteString.emptyByteString(), ByteString::concat), Materializer.matFromSystem(system))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .toArray();
    }

    @ParameterizedTest
    @CsvSource({"0, 204800", "0, 1", "65535, 2", "65536, 65536", "100000, 104800", "204799, 1"})
    void streamsExactlyTheSliceAskedFor(long first, long count) throws Exception {
        StaticFile file = resolve("big.bin").orElseThrow();
        assertArrayEquals(Arrays.copyOfRange(BIG, (int) first, (int) (first + count)), read(file, first, count));
    }

    @Test
    void aFileThatShrankFailsTheStreamInsteadOfSendingTooFewBytes() throws IOException {
        Path shrinking = Files.write(root.resolve("shrinking.bin"), new byte[1000]);
        StaticFile file = resolve("shrinking.bin").orElseThrow();
        Files.write(shrinking, new byte[10]);
        ExecutionException failure = org.junit.jupiter.api.Assertions.assertThrows(
                ExecutionException.class, () -> read(file, 0, file.size()));
        assertInstanceOf(java.io.EOFException.class, failure.getCause());
    }
}
