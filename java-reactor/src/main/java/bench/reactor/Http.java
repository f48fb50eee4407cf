package bench.reactor;

import bench.contract.Refused;
import bench.contract.RequestTarget;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** The response shapes every route shares: Date on everything, JSON bodies, the one error body. */
public final class Http {

    public static final String JSON = "application/json";

    private static final Logger LOG = Logger.getLogger(Http.class.getName());

    private Http() {}

    /** reactor-netty leaves Date to the application; the contract wants it on every response. */
    public static HttpServerResponse dated(HttpServerResponse res) {
        return res.header(HttpHeaderNames.DATE, date());
    }

    /** The current IMF-fixdate. */
    static String date() {
        return HttpDate.now();
    }

    /** An HTTP date changes once a second: formatted once per second, not once per response. */
    private record HttpDate(long second, String text) {
        private static volatile HttpDate current = new HttpDate(-1, "");

        static String now() {
            long second = System.currentTimeMillis() / 1000;
            HttpDate date = current;
            if (date.second() != second) {
                date = new HttpDate(second, DateFormatter.format(new Date(second * 1000)));
                current = date;
            }
            return date.text();
        }
    }

    public static Publisher<Void> send(HttpServerResponse res, HttpResponseStatus status, String type, byte[] body) {
        return dated(res)
                .status(status)
                .header(HttpHeaderNames.CONTENT_TYPE, type)
                .header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(body.length))
                .sendObject(Unpooled.wrappedBuffer(body));
    }

    public static Publisher<Void> json(HttpServerResponse res, HttpResponseStatus status, byte[] body) {
        return send(res, status, JSON, body);
    }

    /** {"error":"..."}; messages are fixed texts written here, so they never need escaping. */
    public static Publisher<Void> error(HttpServerResponse res, HttpResponseStatus status, String message) {
        return json(res, status, errorBody(message));
    }

    static byte[] errorBody(String message) {
        return ("{\"error\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    public static Publisher<Void> error(HttpServerResponse res, HttpError e) {
        e.headers().forEach(res::header);
        return error(res, e.status(), e.getMessage());
    }

    public static Mono<Void> notFound(HttpServerRequest req, HttpServerResponse res) {
        return Mono.from(error(res, HttpResponseStatus.NOT_FOUND, "Not found"));
    }

    public static Mono<Void> methodNotAllowed(HttpServerResponse res, String allow) {
        res.header(HttpHeaderNames.ALLOW, allow);
        return Mono.from(error(res, HttpResponseStatus.METHOD_NOT_ALLOWED, "Method not allowed"));
    }

    /**
     * Runs a route's work and writes its failure: an {@link HttpError} or the contract's {@link Refused} as the
     * contract's answer, anything else
     * logged once (never with the request body) and answered 500.
     */
    public static Publisher<Void> respond(HttpServerResponse res, Mono<Void> work) {
        return work.onErrorResume(HttpError.class, e -> Mono.from(error(res, e)))
                .onErrorResume(
                        Refused.class,
                        e -> Mono.from(error(res, HttpResponseStatus.valueOf(e.status()), e.getMessage())))
                // The client went away (mid-download, mid-upload), or Wire closed the connection after refusing the
                // body: nobody to answer, nothing to log. Only its own connection closing counts: the database's
                // sockets throw the same exceptions.
                .onErrorResume(
                        e -> (e instanceof IOException || e instanceof AbortedException) && closed(res),
                        e -> Mono.empty())
                .onErrorResume(e -> {
                    LOG.log(Level.SEVERE, "request failed", e);
                    return Mono.from(error(res, HttpResponseStatus.INTERNAL_SERVER_ERROR, "Internal server error"));
                });
    }

    private static boolean closed(HttpServerResponse res) {
        AtomicBoolean closed = new AtomicBoolean();
        res.withConnection(connection -> closed.set(connection.isDisposed()));
        return closed.get();
    }

    /**
     * RFC 9112 §3.2: a target without {@code #} (a fragment is never sent), one Host header (none is allowed in
     * HTTP/1.0), and a target in absolute form naming the same host; otherwise why the request is answered 400,
     * whatever its route. null when it is fine.
     */
    public static String targetProblem(HttpServerRequest req) {
        if (req.uri().indexOf('#') >= 0) {
            return "A request target has no fragment";
        }
        return RequestTarget.hostProblem(
                req.uri(),
                req.requestHeaders().getAll(HttpHeaderNames.HOST),
                req.version().equals(HttpVersion.HTTP_1_0));
    }

    /** The path without its query string, still percent-encoded; a target in absolute form by its path. */
    public static String path(HttpServerRequest req) {
        String uri = RequestTarget.originForm(req.uri());
        int query = uri.indexOf('?');
        return query < 0 ? uri : uri.substring(0, query);
    }

    /** The request's media type, lower-cased and without parameters; "" when there is none. */
    public static String mediaType(HttpServerRequest req) {
        String header = req.requestHeaders().get(HttpHeaderNames.CONTENT_TYPE);
        if (header == null) {
            return "";
        }
        int semicolon = header.indexOf(';');
        return (semicolon < 0 ? header : header.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    public static boolean isUpgrade(HttpServerRequest req) {
        return req.requestHeaders().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true);
    }
}
