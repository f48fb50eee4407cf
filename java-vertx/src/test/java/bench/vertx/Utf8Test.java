package bench.vertx;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8Test {
    private static byte[] hex(int... bytes) {
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = (byte) bytes[i];
        }
        return out;
    }

    @Test
    void acceptsEveryWellFormedSequenceLength() {
        assertTrue(Utf8.isValid("a é € 🙂 \u0000".getBytes(StandardCharsets.UTF_8)));
        assertTrue(Utf8.isValid(new byte[0]));
        assertTrue(Utf8.isValid(hex(0xf4, 0x8f, 0xbf, 0xbf))); // U+10FFFF
    }

    @Test
    void rejectsWhatRfc3629Forbids() {
        assertFalse(Utf8.isValid(hex(0xff)), "stray byte");
        assertFalse(Utf8.isValid(hex(0x80)), "lone continuation byte");
        assertFalse(Utf8.isValid(hex(0xc0, 0xaf)), "overlong slash");
        assertFalse(Utf8.isValid(hex(0xe0, 0x80, 0xaf)), "overlong three-byte form");
        assertFalse(Utf8.isValid(hex(0xed, 0xa0, 0x80)), "encoded surrogate");
        assertFalse(Utf8.isValid(hex(0xf4, 0x90, 0x80, 0x80)), "beyond U+10FFFF");
        assertFalse(Utf8.isValid(hex(0xe2, 0x82)), "truncated sequence");
        assertFalse(Utf8.isValid(hex(0x61, 0xc3)), "truncated at the end");
    }
}
