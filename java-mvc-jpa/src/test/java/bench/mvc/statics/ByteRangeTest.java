package bench.mvc.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpRange;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The grammar of spec/API.md §4.4, case by case from spec/fixtures/static/ranges.json (hello.txt, 32 bytes). */
class ByteRangeTest {

    static final long LENGTH = 32;

    static Stream<JsonNode> ranges() {
        JsonNode cases = JsonMapper.shared()
                .readTree(Path.of("../spec/fixtures/static/ranges.json").toFile());
        return cases.valueStream();
    }

    /** What the handler answers: no header is 200, an unsatisfiable one 416, else Spring's 206 of the range. */
    static String answer(String header) {
        String canonical = ByteRange.canonical(header);
        if (canonical == null) return "200";
        if (ByteRange.unsatisfiable(canonical, LENGTH)) return "416 bytes */" + LENGTH;
        HttpRange range = HttpRange.parseRanges(canonical).getFirst();
        return "206 bytes " + range.getRangeStart(LENGTH) + "-" + range.getRangeEnd(LENGTH) + "/" + LENGTH;
    }

    @ParameterizedTest
    @MethodSource("ranges")
    void answersEachFixture(JsonNode fixture) {
        String expected = fixture.get("status").asString()
                + (fixture.has("contentRange")
                        ? " " + fixture.get("contentRange").stringValue()
                        : "");
        assertThat(answer(fixture.get("range").stringValue()))
                .as(fixture.get("range").stringValue())
                .isEqualTo(expected);
    }

    @Test
    void theHeadersOwnSurroundingWhitespaceIsNotPartOfIt() {
        assertThat(ByteRange.canonical(" bytes=0-1 ")).isEqualTo("bytes=0-1");
        assertThat(ByteRange.canonical("bytes=007-")).isEqualTo("bytes=7-");
    }

    @Test
    void anEmptyFileSatisfiesNoRange() {
        assertThat(ByteRange.unsatisfiable("bytes=-5", 0)).isTrue();
        assertThat(ByteRange.unsatisfiable("bytes=0-", 0)).isTrue();
    }
}
