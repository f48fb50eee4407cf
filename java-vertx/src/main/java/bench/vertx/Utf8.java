package bench.vertx;

/**
 * Strict UTF-8 validation (RFC 3629) over raw bytes, without decoding: no stray continuation bytes, no overlong
 * forms, no encoded surrogates, nothing above U+10FFFF and no truncated sequence. JSON parsers are lenient on
 * some of these, and the contract answers every one of them with 400.
 */
public final class Utf8 {
    private Utf8() {}

    public static boolean isValid(byte[] bytes) {
        int i = 0;
        int length = bytes.length;
        while (i < length) {
            int b = bytes[i] & 0xff;
            if (b < 0x80) {
                i++;
                continue;
            }
            int needed;
            int min;
            int max = 0xbf;
            if (b >= 0xc2 && b <= 0xdf) {
                needed = 1;
                min = 0x80;
            } else if (b >= 0xe0 && b <= 0xef) {
                needed = 2;
                min = b == 0xe0 ? 0xa0 : 0x80; // E0 80..9F would be overlong
                max = b == 0xed ? 0x9f : 0xbf; // ED A0..BF would encode a surrogate
            } else if (b >= 0xf0 && b <= 0xf4) {
                needed = 3;
                min = b == 0xf0 ? 0x90 : 0x80; // F0 80..8F would be overlong
                max = b == 0xf4 ? 0x8f : 0xbf; // F4 90.. would exceed U+10FFFF
            } else {
                return false;
            }
            if (i + needed >= length) {
                return false;
            }
            int second = bytes[i + 1] & 0xff;
            if (second < min || second > max) {
                return false;
            }
            for (int k = 2; k <= needed; k++) {
                int next = bytes[i + k] & 0xff;
                if (next < 0x80 || next > 0xbf) {
                    return false;
                }
            }
            i += needed + 1;
        }
        return true;
    }

    /**
     * True if the string holds a surrogate without its pair (a JSON escape such as {@code "\\ud800"} or a reversed
     * pair): such a string has no UTF-8 encoding, and the contract answers it with 400.
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

    /**
     * A UTF-8 byte order mark (EF BB BF) first: RFC 8259 §8.1 forbids sending one and the contract answers it with
     * 400, while Jackson skips it when it reads bytes, so it is checked here.
     */
    public static boolean startsWithByteOrderMark(byte[] bytes) {
        return bytes.length >= 3 && bytes[0] == (byte) 0xef && bytes[1] == (byte) 0xbb && bytes[2] == (byte) 0xbf;
    }
}
