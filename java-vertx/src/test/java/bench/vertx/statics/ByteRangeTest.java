package bench.vertx.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

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

    @ParameterizedTest
    @ValueSource(strings = {"bytes=1000-", "bytes=1500-1600", "bytes=-0"})
    void unsatisfiable(String header) {
        assertInstanceOf(ByteRange.Unsatisfiable.class, ByteRange.parse(header, LENGTH));
    }

    @ParameterizedTest
    @ValueSource(strings = {"items=0-10", "bytes=10-5", "bytes=0-1,5-6", "garbage", "bytes=-", "bytes=a-b"})
    void malformedOrSeveralAreIgnored(String header) {
        assertInstanceOf(ByteRange.Full.class, ByteRange.parse(header, LENGTH));
    }
}
