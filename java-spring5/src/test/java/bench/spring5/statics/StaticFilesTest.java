package bench.spring5.statics;

import static org.assertj.core.api.Assertions.assertThat;

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

    private static HttpHeaders since(String value) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.IF_MODIFIED_SINCE, value);
        return headers;
    }
}
