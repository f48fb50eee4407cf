package bench.spring5.statics;

import static org.assertj.core.api.Assertions.assertThat;

import bench.spring5.HttpError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StaticPathTest {

    private static int status(String raw) {
        try {
            StaticPath.segments(raw);
            return 200;
        } catch (HttpError e) {
            return e.status().value();
        }
    }

    @Test
    void decodesEachSegmentOnce() {
        assertThat(StaticPath.segments("/sub/nested%20file.txt")).containsExactly("sub", "nested file.txt");
        assertThat(StaticPath.segments("/%252e%252e")).containsExactly("%2e%2e");
        assertThat(StaticPath.segments("/%68ello%2etxt")).containsExactly("hello.txt");
        assertThat(StaticPath.segments("/caf%C3%A9")).containsExactly("café");
    }

    @Test
    void aSemicolonIsPartOfTheName() {
        assertThat(StaticPath.segments("/hello.txt;x")).containsExactly("hello.txt;x");
        assertThat(StaticPath.segments("/sub/nested.txt;a=b")).containsExactly("sub", "nested.txt;a=b");
        assertThat(StaticPath.segments("/hello.txt%3Bx")).containsExactly("hello.txt;x");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"", "/", "/sub/", "//etc/passwd", "/.hidden", "/sub/.secret", "/..", "/%2e%2e/x", "/sub/%2E"})
    void emptyAndDotSegmentsAreNotFound(String raw) {
        assertThat(status(raw)).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/..%2fx",
                "/%2F",
                "/a%5cb",
                "/a\\b",
                "/a%00b",
                "/%zz",
                "/%",
                "/a%4",
                "/%ff",
                "/%C3%28",
                "/%ED%A0%80"
            })
    void separatorsBackslashesNulMalformedEscapesAndNonUtf8AreRefused(String raw) {
        assertThat(status(raw)).isEqualTo(400);
    }

    @Test
    void contentTypesFollowTheContractTable() {
        assertThat(StaticPath.contentType("a.HTML")).startsWith("text/html");
        assertThat(StaticPath.contentType("a.js")).startsWith("text/javascript");
        assertThat(StaticPath.contentType("a.json")).isEqualTo("application/json");
        assertThat(StaticPath.contentType("unknown.xyz")).isEqualTo("application/octet-stream");
        assertThat(StaticPath.contentType("noextension")).isEqualTo("application/octet-stream");
    }
}
