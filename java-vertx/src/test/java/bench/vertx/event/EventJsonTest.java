package bench.vertx.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.vertx.Fixtures;
import bench.vertx.HttpError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every spec/fixtures/events case: valid ones echo byte for byte, invalid ones are 400. */
class EventJsonTest {
    private static final Path EVENTS = Fixtures.ROOT.resolve("events");

    static Stream<Path> requests() throws IOException {
        return Files.list(EVENTS)
                .filter(p -> p.getFileName().toString().endsWith(".request.json"))
                .sorted();
    }

    static Stream<Path> invalidBodies() throws IOException {
        return Files.list(EVENTS.resolve("invalid")).sorted();
    }

    @ParameterizedTest
    @MethodSource("requests")
    void echoesTheCanonicalEncoding(Path request) {
        Path response = request.resolveSibling(request.getFileName().toString().replace(".request.", ".response."));
        byte[] echoed = EventJson.write(EventJson.read(Fixtures.bytes(request)));
        assertArrayEquals(
                Fixtures.bytes(response), echoed, request.getFileName().toString());
    }

    @ParameterizedTest
    @MethodSource("invalidBodies")
    void rejectsWithBadRequest(Path body) {
        HttpError error = assertThrows(HttpError.class, () -> EventJson.read(Fixtures.bytes(body)));
        assertEquals(400, error.status(), body.getFileName().toString());
    }

    /** A duplicated key: the last value wins and only it is checked, at every level. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"eventName\":1,\"eventName\":\"b\",\"teams\":[]} | {\"eventName\":\"b\",\"teams\":[]}",
                "{\"teams\":[null],\"eventName\":\"\\ud800\",\"teams\":[],\"eventName\":\"b\"}"
                        + " | {\"eventName\":\"b\",\"teams\":[]}",
                "{\"eventName\":\"b\",\"teams\":[{\"name\":[],\"country\":\"c\",\"stadium\":{\"name\":1,"
                        + "\"name\":\"s\"},\"name\":\"n\"}]}"
                        + " | {\"eventName\":\"b\",\"teams\":[{\"name\":\"n\",\"country\":\"c\",\"stadium\":{\"name\":\"s\"}}]}"
            })
    void lastDuplicateWins(String request, String echoed) {
        assertEquals(echoed, new String(EventJson.write(EventJson.read(utf8(request))), StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"eventName\":\"a\",\"teams\":[],\"eventName\":1}",
                "{\"eventName\":\"a\",\"teams\":[],\"teams\":null}",
                "{\"eventName\":\"a\",\"teams\":[{\"name\":\"n\",\"country\":\"c\",\"stadium\":{\"name\":\"s\",\"name\":null}}]}",
                "\ufeff{\"eventName\":\"a\",\"teams\":[]}",
                "{\"eventName\":\"a\",\"teams\":[]} {}"
            })
    void lastDuplicateIsCheckedAndALeadingByteOrderMarkIsBadRequest(String body) {
        assertEquals(
                400,
                assertThrows(HttpError.class, () -> EventJson.read(utf8(body))).status(),
                body);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
