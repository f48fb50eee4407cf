package bench.spring5;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void quotesAsJsonStringifyDoes() {
        assertThat(Json.quote("a\"b\\c\b\f\n\r\t")).isEqualTo("\"a\\\"b\\\\c\\b\\f\\n\\r\\t\"");
        assertThat(Json.quote("\u0000\u000b\u001f")).isEqualTo("\"\\u0000\\u000b\\u001f\"");
        assertThat(Json.quote("/\u007f\u2028\u2029é😀")).isEqualTo("\"/\u007f\u2028\u2029é😀\"");
    }
}
