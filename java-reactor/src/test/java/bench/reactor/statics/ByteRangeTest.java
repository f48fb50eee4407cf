package bench.reactor.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
                "bytes=-;         Full[]"
            })
    void readsOneRangeOfA1KibFile(String header, String expected) {
        assertEquals(expected, ByteRange.parse(header, 1024).toString());
    }
}
