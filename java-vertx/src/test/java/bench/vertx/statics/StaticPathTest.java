package bench.vertx.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.vertx.HttpError;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StaticPathTest {
    @Test
    void decodesEachSegmentOnce() {
        assertEquals(List.of("sub", "nested.txt"), StaticPath.segments("sub/nested.txt"));
        assertEquals(List.of("a b.txt"), StaticPath.segments("a%20b.txt"));
        assertEquals(List.of("%2e%2e"), StaticPath.segments("%252e%252e"), "double encoding stays literal");
    }

    @ParameterizedTest
    @CsvSource({
        "'..', 404", "'%2e%2e/x', 404", "'.hidden', 404", "'sub/.secret', 404", "'sub/', 404", "'', 404",
        "'/etc/passwd', 404", "'..%2fx', 400", "'..%5cx', 400", "'a\\b', 400", "'a%00', 400", "'%zz', 400",
        "'%c0%ae', 400"
    })
    void refusesAnythingThatCouldEscape(String raw, int status) {
        HttpError error = assertThrows(HttpError.class, () -> StaticPath.segments(raw));
        assertEquals(status, error.status(), raw);
    }

    @ParameterizedTest
    @CsvSource({
        "index.html, text/html; charset=utf-8", "A.TXT, text/plain; charset=utf-8", "data.json, application/json",
        "app.js, text/javascript; charset=utf-8", "site.css, text/css; charset=utf-8",
                "blob.bin, application/octet-stream",
        "noextension, application/octet-stream"
    })
    void contentTypeByExtension(String name, String type) {
        assertEquals(type, StaticPath.contentType(name));
    }
}
