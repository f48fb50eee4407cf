package bench.vertx.hello;

import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/** GET /hello: the baseline for framework overhead, so nothing but the answer. */
public final class Hello implements Handler<RoutingContext> {
    private static final Buffer BODY = Buffer.buffer("Hello, World!");
    private static final CharSequence TEXT_PLAIN = HttpHeaders.createOptimized("text/plain; charset=utf-8");
    private static final CharSequence LENGTH = HttpHeaders.createOptimized(String.valueOf(BODY.length()));

    @Override
    public void handle(RoutingContext ctx) {
        MultiMap headers = ctx.response().headers();
        headers.add(HttpHeaders.CONTENT_TYPE, TEXT_PLAIN).add(HttpHeaders.CONTENT_LENGTH, LENGTH);
        ctx.response().end(BODY);
    }
}
