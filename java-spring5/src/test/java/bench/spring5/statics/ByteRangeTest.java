package bench.spring5.statics;

import static org.assertj.core.api.Assertions.assertThat;

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

    @ParameterizedTest
    @ValueSource(strings = {"bytes=abc", "lines=0-9", "bytes=500-100", "bytes=-", "bytes=0-9,20-29", ""})
    void malformedOrSeveralRangesMeanTheWholeFile(String header) {
        assertThat(ByteRange.parse(header, SIZE)).isNull();
    }
}
