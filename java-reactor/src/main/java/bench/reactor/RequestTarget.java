package bench.reactor;

/**
 * A request target in absolute form, {@code http://host:port/path?query} (RFC 9112 §3.2.2), read as its origin
 * form: reactor-netty routes by the target as sent, and would answer it 404.
 */
final class RequestTarget {

    private RequestTarget() {}

    /** {@code /path?query}: the target itself when it is in origin form, {@code /} for an absolute one with no path. */
    static String originForm(String target) {
        int start = pathStart(target);
        if (start < 0) {
            return target;
        }
        return start == target.length() || target.charAt(start) != '/'
                ? "/" + target.substring(start)
                : target.substring(start);
    }

    /** The absolute form's host and port, without userinfo; null for a target in origin form. */
    static String authority(String target) {
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
