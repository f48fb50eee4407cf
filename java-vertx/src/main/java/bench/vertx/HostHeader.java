package bench.vertx;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import java.util.List;

/**
 * RFC 9112 §3.2: one Host header (none is allowed in HTTP/1.0), and a target in absolute form
 * ({@code http://host:port/path}, §3.2.2) naming the same host as it, compared as text without case.
 */
final class HostHeader {

    private HostHeader() {}

    /** Why the request is answered 400, whatever its route; null when its host is fine. */
    static String problem(HttpServerRequest request) {
        List<String> hosts = request.headers().getAll(HttpHeaders.HOST);
        if (hosts.size() > 1) {
            return "More than one Host header";
        }
        if (hosts.isEmpty()) {
            return request.version() == HttpVersion.HTTP_1_0 ? null : "No Host header";
        }
        String authority = authority(request.uri());
        return authority == null || authority.equalsIgnoreCase(hosts.get(0))
                ? null
                : "Host header differs from the request target's";
    }

    /** The host and port of a target in absolute form, without userinfo; null for the origin form. */
    private static String authority(String target) {
        int scheme = target.startsWith("/") ? -1 : target.indexOf("://");
        if (scheme <= 0) {
            return null;
        }
        int end = scheme + 3;
        while (end < target.length() && "/?#".indexOf(target.charAt(end)) < 0) {
            end++;
        }
        String authority = target.substring(scheme + 3, end);
        return authority.substring(authority.lastIndexOf('@') + 1);
    }
}
