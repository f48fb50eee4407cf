package bench.reactor.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bench.reactor.Fixtures;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ByteRangeTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "bytes=0-99;      Slice[first=0, last=99]",
                "bytes=1000-;     Slice[first=1000, last=1023]",
                "bytes=1000-5000; Slice[first=1000, last=1023]",
                "bytes=-100;      Slice[first=924, last=1023]",
                "bytes=-5000;     Slice[first=0, last=1023]",
                "bytes=1024-;     Unsatisfiable[]",
                "bytes=-0;        Unsatisfiable[]",
                "bytes=5-2;       Full[]",
                "items=0-1;       Full[]",
                "bytes=0-1,5-6;   Full[]",
                "bytes=x-y;       Full[]",
                "bytes=-;         Full[]",
                "' bytes=0-1 ';   Slice[first=0, last=1]",
                "bytes=1023-99999999999999999999999999; Slice[first=1023, last=1023]",
                "bytes=1024-99999999999999999999999999; Unsatisfiable[]",
                "bytes=-99999999999999999999999999;     Slice[first=0, last=1023]",
                "bytes=00000000000000000000000000001-2; Slice[first=1, last=2]",
                "bytes=99999999999999999999999999-99999999999999999999999998; Full[]",
                "bytes=99999999999999999999999998-99999999999999999999999999; Unsatisfiable[]"
            })
    void readsOneRangeOfA1KibFile(String header, String expected) {
        assertEquals(expected, ByteRange.parse(header, 1024).toString());
    }

    static Stream<JsonNode> fixtures() {
        return StreamSupport.stream(Fixtures.json("static/ranges.json").spliterator(), false);
    }

    /** spec/fixtures/static/ranges.json: each header against hello.txt's 32 bytes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void answersEveryFixtureRange(JsonNode fixture) {
        String header = fixture.get("range").asText();
        String expected = switch (ByteRange.parse(header, 32)) {
            case ByteRange.Full full -> "200";
            case ByteRange.Unsatisfiable u -> "416 bytes */32";
            case ByteRange.Slice slice -> "206 bytes " + slice.first() + "-" + slice.last() + "/32";
        };
        String contentRange =
                fixture.has("contentRange") ? " " + fixture.get("contentRange").asText() : "";
        assertEquals(fixture.get("status").asText() + contentRange, expected, header);
    }
}
