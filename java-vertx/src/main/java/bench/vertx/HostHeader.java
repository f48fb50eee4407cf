package bench.vertx;

import bench.contract.RequestTarget;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;

/**
 * RFC 9112 §3.2: one Host header (none is allowed in HTTP/1.0), and a target in absolute form
 * ({@code http://host:port/path}, §3.2.2) naming the same host as it, compared as text without case.
 */
final class HostHeader {

    private HostHeader() {}

    /** Why the request is answered 400, whatever its route; null when its host is fine. */
    static String problem(HttpServerRequest request) {
        return RequestTarget.hostProblem(
                request.uri(), request.headers().getAll(HttpHeaders.HOST), request.version() == HttpVersion.HTTP_1_0);
    }
}
