package bench.mvc.statics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ByteRangeTest {

    @Test
    void malformedRangesAreIgnoredWellFormedOnesKept() {
        for (String range :
                new String[] {"bytes=0-99", "bytes=1000-", "bytes=-500", "bytes=0-1,5-9", "bytes=102400-"}) {
            assertThat(ByteRange.wellFormed(range)).as(range).isTrue();
        }
        for (String range :
                new String[] {"items=0-1", "bytes=5-2", "bytes=", "bytes=-", "bytes=abc", "garbage", "bytes=-0"}) {
            assertThat(ByteRange.wellFormed(range)).as(range).isFalse();
        }
    }

    @Test
    void onlyRangesThatAllStartPastTheEndAreUnsatisfiable() {
        assertThat(ByteRange.unsatisfiable("bytes=100-", 100)).isTrue();
        assertThat(ByteRange.unsatisfiable("bytes=100-200, 300-", 100)).isTrue();
        assertThat(ByteRange.unsatisfiable("bytes=100-, 0-1", 100)).isFalse();
        assertThat(ByteRange.unsatisfiable("bytes=-5", 100)).isFalse();
        assertThat(ByteRange.unsatisfiable("bytes=-5", 0)).isTrue();
    }
}
