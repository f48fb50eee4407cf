package bench.vertx.statics;

import bench.contract.statics.ByteRange;
import bench.contract.statics.StaticPath;
import bench.contract.statics.StaticTree;
import bench.vertx.HttpDates;
import bench.vertx.HttpError;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * GET/HEAD /static/*. Not StaticHandler: it neither follows symlinks to check containment after realpath nor
 * answers a suffix range longer than the file with the whole file. Here the path is checked segment by segment,
 * resolved and opened on a worker thread, and the body goes out with sendFile on the open channel (zero-copy
 * FileRegion), so no filesystem call ever runs on the event loop.
 */
public final class StaticFiles implements Handler<RoutingContext> {
    private static final String PREFIX = "/static/";

    private final Vertx vertx;
    private final StaticTree tree;

    public StaticFiles(Vertx vertx, Path root) {
        this.vertx = vertx;
        this.tree = new StaticTree(root);
    }

    @Override
    public void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String path = request.path();
        if (!path.startsWith(PREFIX)) {
            ctx.fail(HttpError.notFound());
            return;
        }
        List<String> segments =
                StaticPath.segments(path.substring(PREFIX.length())).orElse(null);
        if (segments == null) {
            ctx.fail(HttpError.notFound());
            return;
        }
        boolean sendsBody = request.method() == HttpMethod.GET;
        vertx.<StaticFile>executeBlocking(() -> StaticFile.resolve(tree, segments, sendsBody), false)
                .onSuccess(file -> {
                    if (ctx.response().ended() || ctx.response().closed()) {
                        // Answered already (a chunked body that broke: Errors.malformedBody) or the peer is gone;
                        // Vert.x fails a sendFile on a closed connection with a NullPointerException of its own.
                        if (file != null) {
                            file.close();
                        }
                    } else if (file == null) {
                        ctx.fail(HttpError.notFound());
                    } else {
                        respond(ctx, file, segments.getLast());
                    }
                })
                .onFailure(failure -> ctx.fail(failure instanceof IOException ? HttpError.notFound() : failure));
    }

    private void respond(RoutingContext ctx, StaticFile file, String name) {
        HttpServerRequest request = ctx.request();
        HttpServerResponse response = ctx.response();
        MultiMap headers = response.headers();
        String etag = file.etag();
        headers.set(HttpHeaders.LAST_MODIFIED, HttpDates.format(file.lastModified()))
                .set(HttpHeaders.ETAG, etag)
                .set(HttpHeaders.ACCEPT_RANGES, "bytes");
        if (notModified(request, etag, file.lastModified())) {
            file.close();
            response.setStatusCode(304).end();
            return;
        }
        ByteRange.Outcome outcome = ByteRange.parse(request.getHeader("Range"), file.size());
        if (outcome instanceof ByteRange.Unsatisfiable) {
            file.close();
            headers.set(HttpHeaders.CONTENT_RANGE, "bytes */" + file.size());
            ctx.fail(new HttpError(416, "Range not satisfiable"));
            return;
        }
        long offset = 0;
        long length = file.size();
        if (outcome instanceof ByteRange.Slice slice) {
            offset = slice.first();
            length = slice.length();
            response.setStatusCode(206);
            headers.set(HttpHeaders.CONTENT_RANGE, "bytes " + slice.first() + "-" + slice.last() + "/" + file.size());
        }
        headers.set(HttpHeaders.CONTENT_TYPE, StaticPath.contentType(name))
                .set(HttpHeaders.CONTENT_LENGTH, Long.toString(length));
        if (file.channel() == null) {
            response.end();
            return;
        }
        // The channel is ours to close, whether the client read it all or went away mid-file.
        response.sendFile(file.channel(), offset, length).onComplete(done -> file.close());
    }

    /** If-None-Match decides when present ("*" matches too); otherwise If-Modified-Since, in whole seconds. */
    static boolean notModified(HttpServerRequest request, String etag, Instant lastModified) {
        String ifNoneMatch = request.getHeader(HttpHeaders.IF_NONE_MATCH);
        if (ifNoneMatch != null) {
            for (String candidate : ifNoneMatch.split(",")) {
                String tag = candidate.trim();
                if (tag.equals("*") || weak(tag).equals(weak(etag))) {
                    return true;
                }
            }
            return false;
        }
        Instant since = HttpDates.parse(request.getHeader(HttpHeaders.IF_MODIFIED_SINCE));
        return since != null && since.getEpochSecond() >= lastModified.getEpochSecond();
    }

    private static String weak(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }
}
