package bench.reactor.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.reactor.Bodies;
import bench.reactor.Fixtures;
import bench.reactor.HttpError;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class EventEchoTest {

    static Stream<Path> requests() {
        return Fixtures.files("events", ".request.json").stream();
    }

    static Stream<Path> invalid() {
        return Fixtures.files("events/invalid", ".body").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void echoesEveryFixtureCanonically(Path request) {
        Path response = request.resolveSibling(request.getFileName().toString().replace(".request.", ".response."));
        byte[] echoed = EventEcho.echo(Fixtures.bytes(request));
        assertEquals(
                new String(Fixtures.bytes(response), StandardCharsets.UTF_8),
                new String(echoed, StandardCharsets.UTF_8));
        assertArrayEquals(Fixtures.bytes(response), echoed);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void refusesEveryInvalidBodyWith400(Path body) {
        HttpError error = assertThrows(HttpError.class, () -> EventEcho.echo(Fixtures.bytes(body)));
        assertEquals(400, error.status().code());
    }

    @Test
    void numbersAreNotStringsAndStringsAreNotObjects() {
        for (String body : new String[] {
            "{\"eventName\":42,\"teams\":[]}",
            "{\"eventName\":true,\"teams\":[]}",
            "{\"eventName\":[\"x\"],\"teams\":[]}",
            "{\"eventName\":\"x\",\"teams\":[{\"name\":\"a\",\"country\":\"b\",\"stadium\":\"c\"}]}",
            "{\"eventName\":\"x\",\"teams\":[{\"name\":\"a\",\"country\":1.5,\"stadium\":{\"name\":\"c\"}}]}",
            "{\"eventName\":\"x\",\"teams\":\"\"}"
        }) {
            assertThrows(HttpError.class, () -> EventEcho.echo(body.getBytes(StandardCharsets.UTF_8)), body);
        }
    }

    @Test
    void aDuplicatedKeyTakesItsLastValueAndOnlyThatOneIsChecked() {
        for (String[] pair : new String[][] {
            {"{\"eventName\":1,\"eventName\":\"b\",\"teams\":[]}", "{\"eventName\":\"b\",\"teams\":[]}"},
            {
                "{\"eventName\":\"a\",\"teams\":[{}],\"teams\":[],\"eventName\":\"b\"}",
                "{\"eventName\":\"b\",\"teams\":[]}"
            },
            {
                "{\"eventName\":\"a\",\"teams\":[{\"name\":null,\"country\":\"c\",\"stadium\":{\"name\":[]},"
                        + "\"stadium\":{\"name\":{},\"name\":\"s\"},\"name\":\"n\"}]}",
                "{\"eventName\":\"a\",\"teams\":[{\"name\":\"n\",\"country\":\"c\",\"stadium\":{\"name\":\"s\"}}]}"
            }
        }) {
            assertEquals(
                    pair[1],
                    new String(EventEcho.echo(pair[0].getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8));
        }
        for (String body : new String[] {
            "{\"eventName\":\"a\",\"eventName\":1,\"teams\":[]}",
            "{\"eventName\":\"a\",\"teams\":[],\"teams\":null}",
            "{\"eventName\":\"a\",\"teams\":[{\"name\":\"n\",\"country\":\"c\",\"stadium\":{\"name\":\"s\",\"name\":1}}]}",
            "{\"eventName\":\"a\",\"teams\":[]}{}",
            "{\"eventName\":\"a\",\"teams\":[]} x"
        }) {
            assertThrows(HttpError.class, () -> EventEcho.echo(body.getBytes(StandardCharsets.UTF_8)), body);
        }
    }

    @Test
    void unknownPropertiesAreDroppedAndNonAsciiStaysRaw() {
        byte[] echoed = EventEcho.echo("{\"x\":{\"y\":[1]},\"teams\":[],\"eventName\":\"Bernabéu \\u001F 🙂\"}"
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(
                "{\"eventName\":\"Bernabéu \\u001f 🙂\",\"teams\":[]}", new String(echoed, StandardCharsets.UTF_8));
    }

    @Test
    void findsLoneSurrogates() {
        assertTrue(Bodies.hasLoneSurrogate("a\ud800"));
        assertTrue(Bodies.hasLoneSurrogate("\udc00\ud800"));
        assertEquals(false, Bodies.hasLoneSurrogate("\ud83d\ude42"));
    }
}
