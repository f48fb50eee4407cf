package bench.spring5.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.spring5.Fixtures;
import bench.spring5.HttpError;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
}
