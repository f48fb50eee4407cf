package bench.aio;

import java.nio.charset.StandardCharsets;

/**
 * One request's head, read from the bytes received: how long it is, the status its answer gets, and whether the
 * connection stays open after it. Only what a hello server needs is read: the request line, {@code Host},
 * {@code Connection}, {@code Content-Length} (a body is skipped unread) and {@code Transfer-Encoding} (refused with
 * 501: the end of a chunked body cannot be found without decoding it). A malformed head is answered and the
 * connection closed, since where the next request would start is then unknown.
 */
record RequestHead(int length, int status, boolean http10, boolean head, long bodyLength, boolean keepAlive) {

    /** The longest head accepted; a longer one is a 431. */
    static final int MAX_HEAD = 8192;

    private static final byte[] END = {'\r', '\n', '\r', '\n'};

    /** The head that starts at {@code from}, or null while its end has not arrived. */
    static RequestHead parse(byte[] bytes, int from, int to) {
        int end = indexOf(bytes, from, Math.min(to, from + MAX_HEAD), END);
        if (end < 0) return to - from >= MAX_HEAD ? refused(to - from, 431) : null;
        int length = end + END.length - from;
        String[] lines = new String(bytes, from, end - from, StandardCharsets.ISO_8859_1).split("\r\n", -1);
        String[] requestLine = lines[0].split(" ", -1);
        if (requestLine.length != 3 || requestLine[0].isEmpty() || !requestLine[1].startsWith("/")) {
            return refused(length, 400);
        }
        String version = requestLine[2];
        if (!version.matches("HTTP/\\d\\.\\d")) return refused(length, 400);
        if (!version.startsWith("HTTP/1.")) return refused(length, 505);
        boolean http10 = version.equals("HTTP/1.0");
        boolean keepAlive = !http10;
        boolean host = false;
        long bodyLength = 0;
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            int colon = line.indexOf(':');
            if (colon <= 0 || line.charAt(colon - 1) == ' ' || line.charAt(0) == ' ') return refused(length, 400);
            String name = line.substring(0, colon);
            String value = line.substring(colon + 1).strip();
            if (name.equalsIgnoreCase("host")) {
                host = true;
            } else if (name.equalsIgnoreCase("connection")) {
                for (String token : value.split(",")) {
                    if (token.strip().equalsIgnoreCase("close")) keepAlive = false;
                    else if (token.strip().equalsIgnoreCase("keep-alive") && http10) keepAlive = true;
                }
            } else if (name.equalsIgnoreCase("transfer-encoding")) {
                return refused(length, 501);
            } else if (name.equalsIgnoreCase("content-length")) {
                long declared = contentLength(value);
                if (declared < 0 || (bodyLength > 0 && declared != bodyLength)) return refused(length, 400);
                bodyLength = declared;
            }
        }
        if (!http10 && !host) return refused(length, 400);
        String method = requestLine[0];
        String target = requestLine[1];
        boolean hello = target.equals("/hello") || target.startsWith("/hello?");
        boolean readOnly = method.equals("GET") || method.equals("HEAD");
        int status = !hello ? 404 : readOnly ? 200 : 405;
        return new RequestHead(length, status, http10, method.equals("HEAD"), bodyLength, keepAlive);
    }

    private static RequestHead refused(int length, int status) {
        return new RequestHead(length, status, false, false, 0, false);
    }

    /** Digits only (no sign, no spaces inside), at most 18 of them; -1 otherwise. */
    private static long contentLength(String value) {
        if (value.isEmpty() || value.length() > 18) return -1;
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') return -1;
        }
        return Long.parseLong(value);
    }

    private static int indexOf(byte[] bytes, int from, int to, byte[] needle) {
        outer:
        for (int i = from; i <= to - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (bytes[i + j] != needle[j]) continue outer;
            }
            return i;
        }
        return -1;
    }
}
