package bench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.CharacterCodingException;
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
    void decodesEveryWellFormedSequenceLength() throws CharacterCodingException {
        String text = "a é € 🙂 \u0000";
        assertEquals(text, Utf8.decode(text.getBytes(StandardCharsets.UTF_8)));
        assertEquals("", Utf8.decode(new byte[0]));
        assertEquals("\udbff\udfff", Utf8.decode(hex(0xf4, 0x8f, 0xbf, 0xbf)), "U+10FFFF");
    }

    @Test
    void refusesWhatRfc3629Forbids() {
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(0xff)), "stray byte");
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(0x80)), "lone continuation byte");
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(0xc0, 0xaf)), "overlong slash");
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(0xe0, 0x80, 0xaf)), "overlong 3 bytes");
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(0xed, 0xa0, 0x80)), "encoded surrogate");
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(0xf4, 0x90, 0x80, 0x80)), "> U+10FFFF");
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(0xe2, 0x82)), "truncated sequence");
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(0x61, 0xc3)), "truncated at the end");
    }

    @Test
    void aSurrogateWithoutItsPairIsLone() {
        assertFalse(Utf8.hasLoneSurrogate("a\ud83d\ude00b"), "a pair");
        assertFalse(Utf8.hasLoneSurrogate(""));
        assertTrue(Utf8.hasLoneSurrogate("\ud800"), "high alone");
        assertTrue(Utf8.hasLoneSurrogate("a\udc00"), "low alone");
        assertTrue(Utf8.hasLoneSurrogate("\ude00\ud83d"), "reversed pair");
        assertTrue(Utf8.hasLoneSurrogate("\ud83d\ude00\ud83d"), "a pair, then a high alone at the end");
    }
}
