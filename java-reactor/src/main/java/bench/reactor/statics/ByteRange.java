package bench.reactor.statics;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One "bytes=" range over a file of {@code length} bytes (RFC 9110 §14.1.2), as the contract reads it. */
public final class Ranges {

  private Ranges() {}

  /** What a Range header asks of a file: ignore it (full body), one satisfiable slice, or 416. */
  public sealed interface Request permits Full, Slice, Unsatisfiable {}

  public record Full() implements Request {}

  public record Slice(long first, long last) implements Request {
    public long length() {
      return last - first + 1;
    }
  }

  public record Unsatisfiable() implements Request {}

  private static final Pattern SINGLE = Pattern.compile("bytes=(\\d*)-(\\d*)");

  /** Malformed headers and several ranges fall back to the full body, as the contract allows. */
  public static Request parse(String header, long length) {
    if (header == null) {
      return new Full();
    }
    Matcher m = SINGLE.matcher(header.trim());
    if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) {
      return new Full();
    }
    try {
      if (m.group(1).isEmpty()) {
        long suffix = Long.parseLong(m.group(2));
        if (suffix == 0 || length == 0) {
          return new Unsatisfiable();
        }
        return new Slice(Math.max(0, length - suffix), length - 1);
      }
      long first = Long.parseLong(m.group(1));
      long last = m.group(2).isEmpty() ? Long.MAX_VALUE : Long.parseLong(m.group(2));
      if (last < first) {
        return new Full();
      }
      if (first >= length) {
        return new Unsatisfiable();
      }
      return new Slice(first, Math.min(last, length - 1));
    } catch (NumberFormatException tooManyDigits) {
      return new Full();
    }
  }
}
