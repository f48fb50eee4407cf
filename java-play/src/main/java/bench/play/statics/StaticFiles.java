package bench.play.statics;

import bench.contract.statics.ByteRange;
import bench.contract.statics.StaticPath;
import bench.contract.statics.StaticTree;
import bench.play.Errors;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.stream.ActorAttributes;
import org.apache.pekko.stream.javadsl.Source;
import org.apache.pekko.util.ByteString;
import play.http.HttpEntity;
import play.mvc.Http;
import play.mvc.Http.HeaderNames;
import play.mvc.Result;
import play.mvc.Results;

/**
 * GET and HEAD /static/** (spec/API.md §4): 200, 206, 304, 404 and 416 with the contract's headers. The path is the
 * raw one Play routes on, checked by {@link StaticPath}; the file is resolved (realpath, stat) on {@link #DISPATCHER}
 * and streamed from there as an {@link HttpEntity.Streamed} of exactly the requested bytes, with its length.
 *
 * <p>Not Play's {@code sendPath} or {@code RangeResult.ofPath}: both stat the file on the calling thread (here a
 * thread of Pekko's default dispatcher) and add a Content-Disposition, and RangeResult reads the Range header by a
 * grammar that is not the contract's (see {@link ByteRange}); Play's Assets controller serves the classpath, not a
 * directory. Pekko HTTP has no sendfile, so the bytes pass through the heap in {@link StaticFile#CHUNK_SIZE} chunks:
 * this stack cannot be zero-copy.
 */
public final class StaticFiles {
    /** application.conf's dispatcher for every file-system call of this route: realpath, stat, open, read, close. */
    public static final String DISPATCHER = "static-files.dispatcher";

    private static final String PREFIX = "/static/";
    private static final Result NOT_FOUND = Errors.of(404, "Not found");

    private final StaticTree tree;
    private final Executor files;

    public StaticFiles(Path root, ActorSystem system) {
        this.tree = new StaticTree(root);
        this.files = system.dispatchers().lookup(DISPATCHER);
    }

    /** Routes gives this every GET and HEAD whose raw path starts with /static/; the query is not part of it. */
    public CompletionStage<Result> serve(Http.RequestHeader request) {
        Optional<List<String>> segments = StaticPath.segments(request.path().substring(PREFIX.length()));
        if (segments.isEmpty()) {
            return CompletableFuture.completedFuture(NOT_FOUND);
        }
        List<String> names = segments.get();
        return CompletableFuture.supplyAsync(() -> StaticFile.resolve(tree, names), files)
                .thenApply(found -> found.map(file -> respond(request, file, names.getLast()))
                        .orElse(NOT_FOUND));
    }

    /** A conditional 304 comes first, then the range: 416, 206 or the whole file (§4.3, §4.4). */
    private Result respond(Http.RequestHeader request, StaticFile file, String name) {
        String etag = file.etag();
        String lastModified = file.lastModifiedHeader();
        if (file.notModified(
                request.header(HeaderNames.IF_NONE_MATCH), request.header(HeaderNames.IF_MODIFIED_SINCE))) {
            return Results.status(304).withHeaders(HeaderNames.ETAG, etag, HeaderNames.LAST_MODIFIED, lastModified);
        }
        Map<String, String> headers = Map.of(
                HeaderNames.ACCEPT_RANGES, "bytes", HeaderNames.ETAG, etag, HeaderNames.LAST_MODIFIED, lastModified);
        String type = StaticPath.contentType(name);
        return switch (ByteRange.parse(request.header(HeaderNames.RANGE).orElse(null), file.size())) {
            case ByteRange.Unsatisfiable unsatisfiable ->
                Errors.of(416, "Range not satisfiable").withHeader(HeaderNames.CONTENT_RANGE, "bytes */" + file.size());
            case ByteRange.Slice slice ->
                new Result(206, headers, body(request, file, slice.first(), slice.length(), type))
                        .withHeader(
                                HeaderNames.CONTENT_RANGE,
                                "bytes " + slice.first() + "-" + slice.last() + "/" + file.size());
            case ByteRange.Full full -> new Result(200, headers, body(request, file, 0, file.size(), type));
        };
    }

    /**
     * The bytes with their Content-Length and Content-Type. Pekko HTTP writes no body for a HEAD but still runs the
     * entity's stream (to cancel it), which would open the file for nothing: HEAD gets an empty stream that announces
     * the same length.
     */
    private HttpEntity body(Http.RequestHeader request, StaticFile file, long first, long length, String type) {
        if (length == 0) {
            return new HttpEntity.Strict(ByteString.emptyByteString(), Optional.of(type));
        }
        Source<ByteString, ?> bytes = request.method().equals("HEAD")
                ? Source.empty()
                : file.bytes(first, length).withAttributes(ActorAttributes.dispatcher(DISPATCHER));
        return new HttpEntity.Streamed(bytes, Optional.of(length), Optional.of(type));
    }
}
