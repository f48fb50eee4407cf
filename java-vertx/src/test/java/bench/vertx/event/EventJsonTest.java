package bench.vertx.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.vertx.Fixtures;
import bench.vertx.HttpError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
}
