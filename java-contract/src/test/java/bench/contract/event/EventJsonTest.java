package bench.contract.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.contract.Refused;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every spec/fixtures/events case: valid ones echo byte for byte, invalid ones are refused with 400; duplicated keys,
 * a leading byte order mark, trailing data and the canonical escapes.
 */
class EventJsonTest {
    private static final Path EVENTS = Path.of("..", "spec", "fixtures", "events");

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
        byte[] echoed = EventJson.write(EventJson.read(bytes(request)));
        assertArrayEquals(read(response), echoed, request.getFileName().toString());
    }

    @ParameterizedTest
    @MethodSource("invalidBodies")
    void refusesWhatIsNotAnEvent(Path body) {
        assertThrows(
                Refused.class,
                () -> EventJson.read(bytes(body)),
                body.getFileName().toString());
    }

    /** A duplicated key: the last value wins and only it is checked, at every level. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"eventName\":1,\"eventName\":\"b\",\"teams\":[]} | {\"eventName\":\"b\",\"teams\":[]}",
                "{\"teams\":[null],\"eventName\":\"\\ud800\",\"teams\":[],\"eventName\":\"b\"}"
                        + " | {\"eventName\":\"b\",\"teams\":[]}",
                "{\"eventName\":\"a\",\"teams\":[{}],\"teams\":[],\"eventName\":\"b\"} | {\"eventName\":\"b\",\"teams\":[]}",
                "{\"eventName\":\"a\",\"teams\":[],\"eventName\":\"b\"} | {\"eventName\":\"b\",\"teams\":[]}",
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
                "{\"eventName\":\"a\",\"teams\":[]} {}",
                "{\"eventName\":\"a\",\"teams\":[]}\u0000",
                "{\"eventName\":\"a\",\"teams\":[],}",
                "{\"eventName\":'a',\"teams\":[]}",
                "{\"eventName\":\"a\",\"teams\":[]} // comment",
                "{\"eventName\":\"\\udc00\\ud800\",\"teams\":[]}",
                "{\"eventName\":\"a\",\"teams\":[{\"name\":\"n\",\"country\":\"\\ud83d\",\"stadium\":{\"name\":\"s\"}}]}",
                " ",
                "{\"eventName\":42,\"teams\":[]}",
                "{\"eventName\":true,\"teams\":[]}",
                "{\"eventName\":[\"x\"],\"teams\":[]}",
                "{\"eventName\":\"x\",\"teams\":[{\"name\":\"a\",\"country\":\"b\",\"stadium\":\"c\"}]}",
                "{\"eventName\":\"x\",\"teams\":[{\"name\":\"a\",\"country\":1.5,\"stadium\":{\"name\":\"c\"}}]}",
                "{\"eventName\":\"x\",\"teams\":\"\"}",
                "{\"eventName\":\"b\",\"teams\":[{\"name\":\"n\",\"country\":\"c\"}]}",
                "{\"eventName\":\"b\",\"teams\":[null]}",
                "{\"eventName\":\"b\",\"teams\":{}}",
                "{\"eventName\":\"b\",\"x\":[1,{\"y\":]],\"teams\":[]}"
            })
    void lastDuplicateIsCheckedAndWhatIsNotOneStrictJsonValueIsRefused(String body) {
        assertThrows(Refused.class, () -> EventJson.read(utf8(body)), body);
    }

    /** Jackson would read a body with zero bytes up front as UTF-16; the contract reads UTF-8 only. */
    @Test
    void aUtf16BodyIsRefused() {
        byte[] utf16 = "{\"eventName\":\"a\",\"teams\":[]}".getBytes(StandardCharsets.UTF_16LE);
        assertThrows(Refused.class, () -> EventJson.read(utf16));
    }

    /** Whitespace around the one value is allowed, and a pair of surrogates is one character, echoed as UTF-8. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "' \t\r\n{\"eventName\":\"a\",\"teams\":[]}\n ' | {\"eventName\":\"a\",\"teams\":[]}",
                "{\"x\":{\"y\":[1]},\"teams\":[],\"eventName\":\"Bernabéu \\u001F 🙂\"}"
                        + " | {\"eventName\":\"Bernabéu \\u001f 🙂\",\"teams\":[]}",
                "{\"eventName\":\"\\ud83d\\ude00/\\u007f\\u2028\\u000b\",\"teams\":[]}"
                        + " | {\"eventName\":\"\ud83d\ude00/\u007f\u2028\\u000b\",\"teams\":[]}"
            })
    void whitespaceAndEscapes(String request, String echoed) {
        assertEquals(echoed, new String(EventJson.write(EventJson.read(utf8(request))), StandardCharsets.UTF_8));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(Path file) {
        return read(file);
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
