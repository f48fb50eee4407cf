package bench.reactor.statics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.reactor.HttpError;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StaticPathTest {

    @ParameterizedTest
    @ValueSource(
            strings = {"..", "%2e%2e", ".%2e", ".hidden", "sub/.secret", "", "sub/", "/etc/passwd", "%252e%252e/x"})
    void dotsAndEmptySegmentsAreNotFound(String path) {
        if (path.startsWith("%252e")) {
            assertEquals(List.of("%2e%2e", "x"), StaticPath.segments(path)); // decoded once: a name that does not exist
            return;
        }
        assertEquals(
                404,
                assertThrows(HttpError.class, () -> StaticPath.segments(path))
                        .status()
                        .code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"%2fetc%2fpasswd", "..%5cx", "a\\b", "%00", "hello.txt%00.bin", "%zz"})
    void separatorsAndNulAreBadRequests(String path) {
        assertEquals(
                400,
                assertThrows(HttpError.class, () -> StaticPath.segments(path))
                        .status()
                        .code());
    }

    @ParameterizedTest
    @CsvSource({"sub/nested.txt,sub|nested.txt", "a+b%20c.txt,a+b c.txt", "1kb.bin,1kb.bin"})
    void ordinaryPathsAreDecodedOnce(String path, String expected) {
        assertEquals(List.of(expected.split("\\|")), StaticPath.segments(path));
    }

    @ParameterizedTest
    @CsvSource({
        "a.html,text/html; charset=utf-8", "a.TXT,text/plain; charset=utf-8", "a.json,application/json",
        "a.js,text/javascript; charset=utf-8", "a.css,text/css; charset=utf-8", "a.bin,application/octet-stream",
        "unknown.xyz,application/octet-stream", "README,application/octet-stream"
    })
    void contentTypesFollowTheContractsTable(String name, String type) {
        assertEquals(type, StaticPath.contentType(name));
    }
}
