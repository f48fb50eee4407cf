package bench.vertx.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import bench.vertx.Fixtures;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteRangeTest {
    private static final long LENGTH = 1000;

    private static ByteRange partial(String header) {
        return assertInstanceOf(ByteRange.Partial.class, ByteRange.parse(header, LENGTH))
                .range();
    }

    @Test
    void singleRangesInEveryForm() {
        assertEquals(new ByteRange(0, 99), partial("bytes=0-99"));
        assertEquals(new ByteRange(900, 999), partial("bytes=900-"));
        assertEquals(new ByteRange(500, 999), partial("bytes=-500"));
        assertEquals(new ByteRange(990, 999), partial("bytes=990-5000"), "an end past the file is clamped");
        assertEquals(new ByteRange(0, 999), partial("bytes=-5000"), "a longer suffix is the whole file");
    }

    /** spec/fixtures/static/ranges.json, against hello.txt's 32 bytes: positions of any size, one grammar. */
    @Test
    void everyFixtureRangeOnHelloTxt() {
        for (JsonNode fixture : Fixtures.json("static/ranges.json")) {
            String header = fixture.get("range").asText();
            ByteRange.Outcome outcome = ByteRange.parse(header, 32);
            switch (fixture.get("status").asInt()) {
                case 206 -> {
                    ByteRange range = assertInstanceOf(ByteRange.Partial.class, outcome, header)
                            .range();
                    assertEquals(
                            fixture.get("contentRange").asText(),
                            "bytes " + range.first() + "-" + range.last() + "/32",
                            header);
                }
                case 416 -> assertInstanceOf(ByteRange.Unsatisfiable.class, outcome, header);
                default -> assertInstanceOf(ByteRange.Full.class, outcome, header);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=1000-", "bytes=1500-1600", "bytes=-0"})
    void unsatisfiable(String header) {
        assertInstanceOf(ByteRange.Unsatisfiable.class, ByteRange.parse(header, LENGTH));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "items=0-10",
                "bytes=10-5",
                "bytes=0-1,5-6",
                "garbage",
                "bytes=-",
                "bytes=a-b",
                "bytes=99999999999999999999-99999999999999999998",
                "bytes=0- 1",
                "Bytes=0-1"
            })
    void malformedOrSeveralAreIgnored(String header) {
        assertInstanceOf(ByteRange.Full.class, ByteRange.parse(header, LENGTH));
    }
}
