package bench.reactor.event;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * String escaping as ECMAScript's JSON.stringify (and RFC 8785) does it: the two-letter escapes for backspace,
 * form feed, newline, carriage return and tab, a six-character escape with lowercase hex for the other
 * control characters, and everything else (DEL, U+2028, all non-ASCII) written as itself. Jackson's standard
 * escapes write uppercase hex and no two-letter escapes for backspace and form feed.
 */
final class CanonicalEscapes extends CharacterEscapes {

  private static final int[] ESCAPES = standardAsciiEscapesForJSON();
  private static final SerializableString[] CONTROL = new SerializableString[0x20];

  static {
    for (int c = 0; c < 0x20; c++) {
      ESCAPES[c] = ESCAPE_CUSTOM;
      CONTROL[c] = new SerializedString(switch (c) {
        case '\b' -> "\\b";
        case '\f' -> "\\f";
        case '\n' -> "\\n";
        case '\r' -> "\\r";
        case '\t' -> "\\t";
        default -> String.format("\\u%04x", c);
      });
    }
  }

  @Override
  public int[] getEscapeCodesForAscii() {
    return ESCAPES;
  }

  @Override
  public SerializableString getEscapeSequence(int ch) {
    return ch < 0x20 ? CONTROL[ch] : null;
  }
}
