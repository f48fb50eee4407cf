package bench.contract;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Text as strictly as the contract reads it (spec/API.md §5.1, §6.1): UTF-8 and nothing else, and no lone surrogate
 * smuggled in through a JSON escape.
 *
 * <p>JSON is parsed from the decoded text, not from the bytes: from bytes, Jackson skips a leading byte order mark and
 * takes a body with zero bytes up front for UTF-16 or UTF-32, where the contract wants a 400 for both; from text, a
 * leading U+FEFF is an unexpected character like any other.
 */
public final class Utf8 {
    private Utf8() {}

    /**
     * The bytes decoded by the JDK's UTF-8 decoder set to refuse rather than replace: a stray or truncated sequence,
     * an overlong form, an encoded surrogate or anything above U+10FFFF throws.
     */
    public static String decode(ByteBuffer bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(bytes)
                .toString();
    }

    public static String decode(byte[] bytes) throws CharacterCodingException {
        return decode(ByteBuffer.wrap(bytes));
    }

    /**
     * A surrogate without its pair (an escaped {@code "\ud800"} alone, or a reversed pair): Jackson decodes such an
     * escape into the string, which then has no UTF-8 encoding to echo or store.
     */
    public static boolean hasLoneSurrogate(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
