package bench.contract;

import java.util.List;

/**
 * A request target and its Host header (RFC 9112 §3.2): a target in absolute form, {@code
 * http://host:port/path?query} (§3.2.2), is read as its origin form, and must name the same host as the one Host
 * header, compared as text without case; HTTP/1.0 may send no Host.
 */
public final class RequestTarget {

    private RequestTarget() {}

    /** Why the request is answered 400, whatever its route; null when its host is fine. */
    public static String hostProblem(String target, List<String> hosts, boolean http10) {
        if (hosts.size() > 1) {
            return "More than one Host header";
        }
        if (hosts.isEmpty()) {
            return http10 ? null : "No Host header";
        }
        String authority = authority(target);
        return authority == null || authority.equalsIgnoreCase(hosts.get(0))
                ? null
                : "Host header differs from the request target's";
    }

    /** {@code /path?query}: the target itself when it is in origin form, {@code /} for an absolute one with no path. */
    public static String originForm(String target) {
        int start = pathStart(target);
        if (start < 0) {
            return target;
        }
        return start == target.length() || target.charAt(start) != '/'
                ? "/" + target.substring(start)
                : target.substring(start);
    }

    /** The absolute form's host and port, without userinfo; null for a target in origin form. */
    public static String authority(String target) {
        int start = pathStart(target);
        if (start < 0) {
            return null;
        }
        String authority = target.substring(target.indexOf("://") + 3, start);
        return authority.substring(authority.lastIndexOf('@') + 1);
    }

    /** Where an absolute form's path (or query) starts; -1 when the target is not in absolute form. */
    private static int pathStart(String target) {
        if (target.startsWith("/")) {
            return -1;
        }
        int scheme = target.indexOf("://");
        if (scheme <= 0) {
            return -1;
        }
        int end = scheme + 3;
        while (end < target.length() && "/?#".indexOf(target.charAt(end)) < 0) {
            end++;
        }
        return end;
    }
}
