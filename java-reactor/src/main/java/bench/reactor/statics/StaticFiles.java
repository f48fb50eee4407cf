package bench.reactor.statics;

import bench.contract.statics.ByteRange;
import bench.contract.statics.StaticPath;
import bench.contract.statics.StaticTree;
import bench.reactor.Http;
import bench.reactor.HttpError;
import io.netty.channel.DefaultFileRegion;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * GET and HEAD /static/<path>: the file is sent as a Netty FileRegion, which Netty hands to
 * FileChannel.transferTo (sendfile(2)), so its bytes never enter the JVM heap.
 *
 * <p>Finding the file is not free: realpath, stat and open are system calls that can wait on a cold disk or
 * a network file system, and one stuck event loop stalls every connection it owns. So the lookup (realpath
 * for containment, stat, open) runs on a bounded-elastic scheduler of its own, capped at a few threads with a
 * bounded queue, and only the answer comes back to the event loop. A metadata cache would save the system
 * calls but could serve a file that has since changed or gone; the contract wants every request to see the
 * tree as it is.
 */
public final class StaticFiles {

    private static final String PREFIX = "/static/";

    private final StaticTree tree;
    private final Scheduler lookups;
    private final Map<EventLoop, Scheduler> loopSchedulers = new ConcurrentHashMap<>();

    public StaticFiles(Path root, int workers) {
        this.tree = new StaticTree(root);
        this.lookups = Schedulers.newBoundedElastic(Math.max(4, 2 * workers), 10_000, "static-lookup", 60, true);
    }

    public static boolean matches(String path) {
        return path.startsWith(PREFIX); // "/static" alone is no route (spec/API.md §1.4)
    }

    public Publisher<Void> serve(HttpServerRequest req, HttpServerResponse res) {
        String path = Http.path(req);
        Scheduler eventLoop = eventLoopOf(req);
        return Http.respond(
                res,
                Mono.fromCallable(() -> StaticPath.segments(path.substring(Math.min(path.length(), PREFIX.length())))
                                .orElseThrow(StaticFiles::notFound))
                        .flatMap(segments -> Mono.usingWhen(
                                Mono.fromCallable(() -> lookup(segments))
                                        .subscribeOn(lookups)
                                        // Back on the connection's own event loop: reactor-netty completes a response
                                        // (and starts the
                                        // next one on a keep-alive connection) on that thread, so the response is
                                        // written from there.
                                        .publishOn(eventLoop)
                                        // A lookup finished for a client that already left: its file is closed, not
                                        // leaked.
                                        .doOnDiscard(StaticFile.class, StaticFile::closeQuietly),
                                file -> Mono.from(answer(req, res, file)),
                                StaticFile::close)));
    }

    private Scheduler eventLoopOf(HttpServerRequest req) {
        EventLoop[] loop = new EventLoop[1];
        req.withConnection(connection -> loop[0] = connection.channel().eventLoop());
        return loopSchedulers.computeIfAbsent(loop[0], Schedulers::fromExecutorService);
    }

    /** Runs on the lookup scheduler: the only place that touches the file system before sending. */
    StaticFile lookup(List<String> segments) throws IOException {
        StaticTree.Found found = tree.find(segments).orElseThrow(StaticFiles::notFound);
        // Opened here too: open(2) is as much a file-system wait as stat(2) is.
        return new StaticFile(
                FileChannel.open(found.path(), StandardOpenOption.READ),
                found.size(),
                found.lastModified().toEpochMilli(),
                StaticPath.contentType(segments.getLast()));
    }

    private static HttpError notFound() {
        return new HttpError(HttpResponseStatus.NOT_FOUND, "Not found");
    }

    private Publisher<Void> answer(HttpServerRequest req, HttpServerResponse res, StaticFile file) {
        Http.dated(res)
                .header(
                        HttpHeaderNames.LAST_MODIFIED,
                        DateFormatter.format(new Date(file.lastModifiedSeconds() * 1000)))
                .header(HttpHeaderNames.ETAG, file.etag())
                .header(HttpHeaderNames.ACCEPT_RANGES, "bytes");
        if (file.notModified(req.requestHeaders())) {
            return res.status(HttpResponseStatus.NOT_MODIFIED).send();
        }
        res.header(HttpHeaderNames.CONTENT_TYPE, file.contentType());
        ByteRange.Outcome range = ByteRange.parse(req.requestHeaders().get(HttpHeaderNames.RANGE), file.size());
        long first = 0;
        long length = file.size();
        switch (range) {
            case ByteRange.Unsatisfiable u -> {
                res.header(HttpHeaderNames.CONTENT_RANGE, "bytes */" + file.size());
                return Http.error(res, HttpResponseStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "Range not satisfiable");
            }
            case ByteRange.Slice slice -> {
                first = slice.first();
                length = slice.length();
                res.status(HttpResponseStatus.PARTIAL_CONTENT)
                        .header(
                                HttpHeaderNames.CONTENT_RANGE,
                                "bytes " + slice.first() + "-" + slice.last() + "/" + file.size());
            }
            case ByteRange.Full full -> res.status(HttpResponseStatus.OK);
        }
        res.header(HttpHeaderNames.CONTENT_LENGTH, Long.toString(length));
        if (req.method().equals(HttpMethod.HEAD) || length == 0) {
            return res.send();
        }
        // What sendFile(path) does, on the channel opened off the event loop: a DefaultFileRegion, which Netty
        // writes with FileChannel.transferTo (sendfile(2)) and closes once written or abandoned.
        long position = first;
        long count = length;
        return res.sendUsing(
                file::channel, (connection, channel) -> new DefaultFileRegion(channel, position, count), channel -> {});
    }
}
