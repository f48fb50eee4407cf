package bench.spring5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.CharacterCodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTest {

    @Test
    void quotesAsJsonStringifyDoes() {
        assertThat(Json.quote("a\"b\\c\b\f\n\r\t")).isEqualTo("\"a\\\"b\\\\c\\b\\f\\n\\r\\t\"");
        assertThat(Json.quote("\u0000\u000b\u001f")).isEqualTo("\"\\u0000\\u000b\\u001f\"");
        assertThat(Json.quote("/\u007f\u2028\u2029é😀")).isEqualTo("\"/\u007f\u2028\u2029é😀\"");
    }

    @Test
    void wellFormedStringsKeepTheirPairs() {
        assertThat(Json.isWellFormed("😀 ok")).isTrue();
        assertThat(Json.isWellFormed("\ud800")).isFalse();
        assertThat(Json.isWellFormed("\udc00\ud800")).isFalse();
        assertThat(Json.isWellFormed("x\ud83d")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "{", "{} {}", "[1,]", "nul"})
    void parsesNothingButOneJsonValue(String text) {
        assertThat(Json.parseOrNull(text)).isNull();
    }

    @Test
    void parsesOneValueWithWhitespaceAround() {
        assertThat(Json.parseOrNull(" {\"a\":[1]}\n").get("a").get(0).asInt()).isEqualTo(1);
    }

    @Test
    void refusesInvalidUtf8() throws CharacterCodingException {
        byte[] overlong = {'"', (byte) 0xc0, (byte) 0xaf, '"'};
        byte[] surrogate = {'"', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '"'};
        byte[] truncated = {'"', (byte) 0xe2, (byte) 0x82};
        assertThatThrownBy(() -> Json.utf8(overlong)).isInstanceOf(CharacterCodingException.class);
        assertThatThrownBy(() -> Json.utf8(surrogate)).isInstanceOf(CharacterCodingException.class);
        assertThatThrownBy(() -> Json.utf8(truncated)).isInstanceOf(CharacterCodingException.class);
        assertThat(Json.utf8(new byte[] {'"', (byte) 0xe2, (byte) 0x82, (byte) 0xac, '"'}))
                .isEqualTo("\"€\"");
    }
}
