package bench.mvc.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/** Every case of spec/fixtures/events: the exact canonical bytes, or a 400. */
class EventJsonTest {

    static final Path EVENTS = Path.of("../spec/fixtures/events");
    private final EventJson json = new EventJson();

    static Stream<String> valid() throws IOException {
        try (Stream<Path> files = Files.list(EVENTS)) {
            return files
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".request.json"))
                    .map(n -> n.substring(0, n.length() - ".request.json".length()))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    static Stream<Path> invalid() throws IOException {
        try (Stream<Path> files = Files.list(EVENTS.resolve("invalid"))) {
            return files.sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("valid")
    void echoesTheCanonicalBytes(String name) throws IOException {
        byte[] request = Files.readAllBytes(EVENTS.resolve(name + ".request.json"));
        byte[] expected = Files.readAllBytes(EVENTS.resolve(name + ".response.json"));
        assertThat(new String(json.write(json.read(request)), "UTF-8")).isEqualTo(new String(expected, "UTF-8"));
    }

    @ParameterizedTest
    @MethodSource("invalid")
    void refusesWhatIsNotAnEvent(Path body) throws IOException {
        byte[] bytes = Files.readAllBytes(body);
        assertThatThrownBy(() -> json.read(bytes)).isInstanceOfSatisfying(ResponseStatusException.class, e -> {
            assertThat(e.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
            assertThat(e.getReason()).doesNotContain("Exception");
        });
    }

    @Test
    void aKeyGivenTwiceTakesItsLastValueAndOnlyThatOneIsChecked() {
        byte[] last = "{\"eventName\":1,\"eventName\":\"b\",\"teams\":[]}".getBytes(StandardCharsets.UTF_8);
        assertThat(json.read(last)).isEqualTo(new Event("b", List.of()));
        for (String body : new String[] {
            "{\"eventName\":\"b\",\"eventName\":1,\"teams\":[]}",
            "{\"eventName\":\"b\",\"teams\":[],\"teams\":null}",
            "{\"eventName\":\"b\",\"teams\":[{\"name\":\"a\",\"country\":\"c\",\"stadium\":{\"name\":\"s\",\"name\":[]}}]}"
        }) {
            assertThatThrownBy(() -> json.read(body.getBytes(StandardCharsets.UTF_8)))
                    .as(body)
                    .isInstanceOf(ResponseStatusException.class);
        }
    }
}
