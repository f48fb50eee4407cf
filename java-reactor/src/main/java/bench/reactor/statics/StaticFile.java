package bench.reactor.statics;

import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.Date;
import reactor.core.publisher.Mono;

/** What one lookup found: the opened file, and the metadata the response headers are made of. */
record StaticFile(FileChannel channel, long size, long lastModifiedMillis, String contentType) {

    /** HTTP dates have whole seconds, and so do the comparisons made with them. */
    long lastModifiedSeconds() {
        return Math.floorDiv(lastModifiedMillis, 1000);
    }

    /** Changes whenever the size or the mtime does; weak, since it is not a hash of the bytes. */
    String etag() {
        return "W/\"" + Long.toHexString(size) + "-" + Long.toHexString(lastModifiedMillis) + "\"";
    }

    /**
     * Conditional GET (spec/API.md §4.3): If-None-Match first; If-Modified-Since only without it, in any of the
     * three date forms RFC 9110 requires a recipient to read (Netty's DateFormatter reads them all).
     */
    boolean notModified(HttpHeaders request) {
        String noneMatch = request.get(HttpHeaderNames.IF_NONE_MATCH);
        if (noneMatch != null) {
            return matchesAny(noneMatch);
        }
        String since = request.get(HttpHeaderNames.IF_MODIFIED_SINCE);
        if (since == null) {
            return false;
        }
        Date date = DateFormatter.parseHttpDate(since);
        return date != null && lastModifiedSeconds() <= Math.floorDiv(date.getTime(), 1000);
    }

    /** Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not count. */
    private boolean matchesAny(String header) {
        String opaque = stripWeak(etag());
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

    /** After the response, whatever it was; closing twice (the FileRegion closes it too) is harmless. */
    Mono<Void> close() {
        return Mono.fromRunnable(this::closeQuietly);
    }

    void closeQuietly() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // a read-only descriptor has nothing left to flush
        }
    }
}
