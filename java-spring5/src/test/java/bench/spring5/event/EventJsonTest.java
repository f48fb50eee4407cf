package bench.spring5.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.spring5.Fixtures;
import bench.spring5.HttpError;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class EventJsonTest {

    static List<Path> requests() {
        return Fixtures.files("events", ".request.json");
    }

    static List<Path> invalidBodies() {
        return Fixtures.files("events/invalid", ".body");
    }

    @ParameterizedTest
    @MethodSource("requests")
    void echoesEveryFixtureByteForByte(Path request) {
        Path response = request.resolveSibling(request.getFileName().toString().replace(".request.", ".response."));
        byte[] echoed = EventJson.write(EventJson.read(Fixtures.bytes(request)));
        assertThat(new String(echoed, StandardCharsets.UTF_8))
                .isEqualTo(new String(Fixtures.bytes(response), StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @MethodSource("invalidBodies")
    void refusesEveryInvalidBodyWith400(Path body) {
        assertThatThrownBy(() -> EventJson.read(Fixtures.bytes(body)))
                .isInstanceOfSatisfying(
                        HttpError.class, e -> assertThat(e.status().value()).isEqualTo(400));
    }

    private static String echo(String body) {
        return new String(
                EventJson.write(EventJson.read(body.getBytes(StandardCharsets.UTF_8))), StandardCharsets.UTF_8);
    }

    @Test
    void aDuplicatedKeyKeepsItsLastValueAndOnlyThatOneIsChecked() {
        assertThat(echo("{\"eventName\":1,\"eventName\":\"b\",\"teams\":[]}"))
                .isEqualTo("{\"eventName\":\"b\",\"teams\":[]}");
        assertThat(echo("{\"eventName\":\"a\",\"teams\":[],\"eventName\":\"b\"}"))
                .isEqualTo("{\"eventName\":\"b\",\"teams\":[]}");
        assertThat(
                        echo(
                                "{\"eventName\":\"a\",\"teams\":[{\"name\":\"n\",\"country\":\"c\",\"stadium\":{\"name\":null}}],"
                                        + "\"teams\":[{\"stadium\":{\"name\":5,\"name\":\"s\"},\"name\":\"n\",\"country\":\"c\"}]}"))
                .isEqualTo(
                        "{\"eventName\":\"a\",\"teams\":[{\"name\":\"n\",\"country\":\"c\",\"stadium\":{\"name\":\"s\"}}]}");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"eventName\":\"b\",\"eventName\":1,\"teams\":[]}",
                "{\"eventName\":\"b\",\"teams\":[],\"teams\":null}",
                "{\"eventName\":\"b\",\"teams\":[{\"name\":\"n\",\"country\":\"c\",\"stadium\":{\"name\":\"s\",\"name\":{}}}]}",
                "{\"eventName\":\"b\",\"teams\":[{\"name\":\"n\",\"country\":\"c\"}]}",
                "{\"eventName\":\"b\",\"teams\":[null]}",
                "{\"eventName\":\"b\",\"teams\":{}}",
                "{\"eventName\":\"b\",\"teams\":[]} x",
                "{\"eventName\":\"b\",\"teams\":[]}{}",
                "{\"eventName\":\"b\",\"x\":[1,{\"y\":]],\"teams\":[]}"
            })
    void theLastValueOfAKeyIsTheOneChecked(String body) {
        assertThatThrownBy(() -> EventJson.read(body.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(
                        HttpError.class, e -> assertThat(e.status().value()).isEqualTo(400));
    }
}
