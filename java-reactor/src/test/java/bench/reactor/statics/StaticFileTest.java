package bench.reactor.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StaticFileTest {

    // 2024-01-01T00:00:00.500Z: the half second is below an HTTP date's precision.
    private static final StaticFile FILE = new StaticFile(null, 13, 1_704_067_200_500L, "text/plain; charset=utf-8");

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "If-Modified-Since; Mon, 01 Jan 2024 00:00:00 GMT;  true",
                "If-Modified-Since; Monday, 01-Jan-24 00:00:00 GMT; true",
                "If-Modified-Since; Mon Jan  1 00:00:00 2024;       true",
                "If-Modified-Since; Sun, 31 Dec 2023 23:59:59 GMT;  false",
                "If-Modified-Since; yesterday;                      false",
                "If-None-Match;     W/\"d-18cc251f5f4\";            true",
                "If-None-Match;     \"x\", \"d-18cc251f5f4\";       true",
                "If-None-Match;     *;                              true",
                "If-None-Match;     \"x\";                          false"
            })
    void answersConditionalRequests(String header, String value, boolean notModified) {
        assertEquals(notModified, FILE.notModified(new DefaultHttpHeaders().set(header, value)));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {"\"x\"; false", "W/\"d-18cc251f5f4\"; true"})
    void ifNoneMatchWinsOverIfModifiedSince(String etag, boolean notModified) {
        HttpHeaders headers = new DefaultHttpHeaders()
                .set("If-None-Match", etag)
                .set("If-Modified-Since", "Mon, 01 Jan 2024 00:00:00 GMT");
        assertEquals(notModified, FILE.notModified(headers));
    }
}
