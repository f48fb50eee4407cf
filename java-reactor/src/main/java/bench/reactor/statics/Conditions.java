package bench.reactor.statics;

import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Date;

/** Conditional GET (spec/API.md §4.3): If-None-Match first; If-Modified-Since only without it. */
final class Conditions {

  private Conditions() {}

  static boolean notModified(HttpHeaders headers, StaticFile file) {
    String noneMatch = headers.get(HttpHeaderNames.IF_NONE_MATCH);
    if (noneMatch != null) {
      return matchesAny(noneMatch, file.etag());
    }
    String since = headers.get(HttpHeaderNames.IF_MODIFIED_SINCE);
    if (since == null) {
      return false;
    }
    Date date = DateFormatter.parseHttpDate(since);
    return date != null && file.lastModifiedSeconds() <= Math.floorDiv(date.getTime(), 1000);
  }

  /** Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not count. */
  private static boolean matchesAny(String header, String etag) {
    String opaque = stripWeak(etag);
    for (String candidate : header.split(",")) {
      String tag = candidate.trim();
      if (tag.equals("*") || stripWeak(tag).equals(opaque)) {
        return true;
      }
    }
    return false;
  }

  private static String stripWeak(String tag) {
    return tag.startsWith("W/") ? tag.substring(2) : tag;
  }
}
