package bench.contract.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ByteRangeTest {

    /** The answer in the words of spec/fixtures/static/ranges.json: status, then Content-Range if any. */
    private static String answer(String header, long length) {
        return switch (ByteRange.parse(header, length)) {
            case ByteRange.Full full -> "200";
            case ByteRange.Unsatisfiable unsatisfiable -> "416 bytes */" + length;
            case ByteRange.Slice(long first, long last) -> "206 bytes " + first + "-" + last + "/" + length;
        };
    }

    static Stream<JsonNode> fixtures() throws IOException {
        JsonNode cases = new ObjectMapper()
                .readTree(Path.of("../spec/fixtures/static/ranges.json").toFile());
        return StreamSupport.stream(cases.spliterator(), false);
    }

    /** Each header of the fixture against hello.txt's 32 bytes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void answersEveryFixtureRange(JsonNode fixture) {
        String header = fixture.get("range").asText();
        String expected = fixture.get("status").asText()
                + (fixture.has("contentRange")
                        ? " " + fixture.get("contentRange").asText()
                        : "");
        assertEquals(expected, answer(header, 32), header);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "bytes=0-99;        206 bytes 0-99/1024",
                "bytes=1000-;       206 bytes 1000-1023/1024",
                "bytes=1000-5000;   206 bytes 1000-1023/1024",
                "bytes=-100;        206 bytes 924-1023/1024",
                "bytes=-5000;       206 bytes 0-1023/1024",
                "' bytes=0-1 ';     206 bytes 0-1/1024",
                "bytes=1023-99999999999999999999999999;                  206 bytes 1023-1023/1024",
                "bytes=00000000000000000000000000001-2;                  206 bytes 1-2/1024",
                "bytes=1024-;       416 bytes */1024",
                "bytes=1024-99999999999999999999999999;                  416 bytes */1024",
                "bytes=99999999999999999999999998-99999999999999999999999999; 416 bytes */1024",
                "bytes=-0;          416 bytes */1024",
                "bytes=-0000;       416 bytes */1024",
                "bytes=99999999999999999999999999-99999999999999999999999998; 200",
                "bytes=9223372036854775807-9223372036854775806;          200",
                "bytes=5-2;         200",
                "items=0-1;         200",
                "bytes=0-1,5-6;     200",
                "bytes=x-y;         200",
                "bytes=-;           200",
                "bytes=;            200",
                "bytes=1e2-;        200",
                "bytes=0--1;        200",
                "bytes==0-1;        200",
                "bytes:0-1;         200",
                "'';                200",
                "bytes=0- 1;        200",
                "Bytes=0-1;         200",
                "bytes=abc;         200",
                "lines=0-9;         200",
                "bytes=99999999999999999999999-1;                        200",
                "bytes=-99999999999999999999999999;                      206 bytes 0-1023/1024",
                "bytes=0000000000000000000000000000005-0009;             206 bytes 5-9/1024",
                "bytes=007-;        206 bytes 7-1023/1024",
                "'\tbytes=0-1\t';   206 bytes 0-1/1024",
                "bytes=99999999999999999999999-;                         416 bytes */1024",
                "bytes=1500-1600;   416 bytes */1024",
                "bytes=99999999999999999999999-99999999999999999999999; 416 bytes */1024",
                "bytes=0-99999999999999999999999;                        206 bytes 0-1023/1024",
                "garbage;           200",
                "bytes=0-9,20-29;   200"
            })
    void readsOneRangeOfA1KibFileExactly(String header, String expected) {
        assertEquals(expected, answer(header, 1024));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {"bytes=0-; 416 bytes */0", "bytes=-5; 416 bytes */0", "bytes=1-0; 200"})
    void anEmptyFileSatisfiesNoRange(String header, String expected) {
        assertEquals(expected, answer(header, 0));
    }

    @Test
    void noHeaderIsTheWholeFile() {
        assertEquals("200", answer(null, 1024));
    }
}
