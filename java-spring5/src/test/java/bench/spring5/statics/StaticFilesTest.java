package bench.spring5.statics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;

class StaticFilesTest {

    @Test
    void ifModifiedSinceReadsTheThreeFormsARecipientMustAccept() {
        Instant expected = Instant.parse("2025-07-01T00:00:00Z");
        for (String form : new String[] {
            "Tue, 01 Jul 2025 00:00:00 GMT", "Tuesday, 01-Jul-25 00:00:00 GMT", "Tue Jul  1 00:00:00 2025"
        }) {
            Date parsed = StaticFiles.ifModifiedSince(since(form));
            assertThat(parsed).as(form).isNotNull();
            assertThat(parsed.toInstant()).as(form).isEqualTo(expected);
        }
    }

    @Test
    void anUnparseableOrAbsentDateIsIgnored() {
        assertThat(StaticFiles.ifModifiedSince(since("yesterday-ish"))).isNull();
        assertThat(StaticFiles.ifModifiedSince(new HttpHeaders())).isNull();
    }

    private static final StaticFile FILE =
            new StaticFile(Path.of("hello.txt"), 13, Instant.parse("2025-07-01T00:00:00Z"), "\"d-197c3e8f400\"");

    @Test
    void ifNoneMatchIsAWeakComparisonOfEachMemberAndStarMatchesAny() {
        for (String value : new String[] {
            "\"d-197c3e8f400\"",
            "W/\"d-197c3e8f400\"",
            "*",
            " * ",
            "\"x\", \"d-197c3e8f400\"",
            "garbage,W/\"d-197c3e8f400\""
        }) {
            assertThat(StaticFiles.notModified(ifNoneMatch(value), FILE))
                    .as(value)
                    .isTrue();
        }
    }

    @Test
    void anIfNoneMatchThatIsNoEntityTagMatchesNothingAndOutranksTheDate() {
        for (String value :
                new String[] {"", "\"\"", "garbage", "W/", "\",\"", "\"abc\", garbage", "\"d-197c3e8f400"}) {
            HttpHeaders headers = ifNoneMatch(value);
            headers.set(HttpHeaders.IF_MODIFIED_SINCE, "Tue, 01 Jul 2025 00:00:00 GMT");
            assertThat(StaticFiles.notModified(headers, FILE)).as("[%s]", value).isFalse();
        }
        assertThat(StaticFiles.notModified(since("Tue, 01 Jul 2025 00:00:00 GMT"), FILE))
                .isTrue();
    }

    private static HttpHeaders ifNoneMatch(String value) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.IF_NONE_MATCH, value);
        return headers;
    }

    private static HttpHeaders since(String value) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.IF_MODIFIED_SINCE, value);
        return headers;
    }
}
