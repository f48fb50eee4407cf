package bench.spring5.statics;

import static org.assertj.core.api.Assertions.assertThat;

import bench.spring5.Fixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteRangeTest {

    private static final long SIZE = 1000;

    @Test
    void theThreeFormsOfOneRange() {
        assertThat(ByteRange.parse("bytes=0-9", SIZE)).isEqualTo(new ByteRange(0, 9));
        assertThat(ByteRange.parse("bytes=990-", SIZE)).isEqualTo(new ByteRange(990, 999));
        assertThat(ByteRange.parse("bytes=-10", SIZE)).isEqualTo(new ByteRange(990, 999));
    }

    @Test
    void anEndPastTheEndIsClampedAndALongerSuffixIsTheWholeFile() {
        assertThat(ByteRange.parse("bytes=500-5000", SIZE)).isEqualTo(new ByteRange(500, 999));
        assertThat(ByteRange.parse("bytes=-5000", SIZE)).isEqualTo(new ByteRange(0, 999));
    }

    @Test
    void aStartAtOrPastTheEndIsUnsatisfiable() {
        assertThat(ByteRange.parse("bytes=1000-", SIZE)).isSameAs(ByteRange.UNSATISFIABLE);
        assertThat(ByteRange.parse("bytes=1100-1200", SIZE)).isSameAs(ByteRange.UNSATISFIABLE);
    }

    @Test
    void positionsOfAnySizeAreComparedExactly() {
        assertThat(ByteRange.parse("bytes=0-99999999999999999999999", SIZE)).isEqualTo(new ByteRange(0, 999));
        assertThat(ByteRange.parse("bytes=-99999999999999999999999", SIZE)).isEqualTo(new ByteRange(0, 999));
        assertThat(ByteRange.parse("bytes=99999999999999999999999-", SIZE)).isSameAs(ByteRange.UNSATISFIABLE);
        assertThat(ByteRange.parse("bytes=99999999999999999999999-99999999999999999999999", SIZE))
                .isSameAs(ByteRange.UNSATISFIABLE);
        assertThat(ByteRange.parse("bytes=99999999999999999999999-1", SIZE)).isNull();
        assertThat(ByteRange.parse("bytes=99999999999999999999999-99999999999999999999998", SIZE))
                .isNull();
        assertThat(ByteRange.parse("bytes=0000000000000000000000000000005-0009", SIZE))
                .isEqualTo(new ByteRange(5, 9));
    }

    /** spec/fixtures/static/ranges.json: each header's status and Content-Range on hello.txt (32 bytes). */
    @Test
    void theContractTable() {
        long size = 32;
        List<String> wrong = new ArrayList<>();
        Fixtures.json("static/ranges.json").forEach(c -> {
            ByteRange range = ByteRange.parse(c.get("range").asString(), size);
            String got = range == null
                    ? "200"
                    : range == ByteRange.UNSATISFIABLE
                            ? "416 bytes */" + size
                            : "206 bytes " + range.start() + "-" + range.end() + "/" + size;
            String expected = c.get("status").asInt()
                    + (c.has("contentRange") ? " " + c.get("contentRange").asString() : "");
            if (!got.equals(expected)) {
                wrong.add(c.get("range").asString() + ": " + got + ", not " + expected);
            }
        });
        assertThat(wrong).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=abc", "lines=0-9", "bytes=500-100", "bytes=-", "bytes=0-9,20-29", ""})
    void malformedOrSeveralRangesMeanTheWholeFile(String header) {
        assertThat(ByteRange.parse(header, SIZE)).isNull();
    }
}
