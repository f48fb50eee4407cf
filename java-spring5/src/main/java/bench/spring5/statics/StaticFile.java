package bench.spring5.statics;

import bench.contract.statics.ByteRange;
import bench.contract.statics.StaticPath;
import bench.contract.statics.StaticTree;
import bench.spring5.HttpError;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.ZeroCopyHttpOutputMessage;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.reactive.function.BodyInserter;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A regular file inside the static root, symlinks resolved (spec/API.md §4.1 step 3), with what the response needs:
 * its size, its mtime in whole seconds (as HTTP dates have them), an ETag, and how its bytes are sent.
 */
record StaticFile(Path path, long size, Instant modified, String etag) {

    /**
     * The file {@code segments} name in the tree, or 404. The look-up runs on the bounded elastic scheduler,
     * never on an event loop: every file system call may block.
     */
    static Mono<StaticFile> lookUp(StaticTree tree, List<String> segments) {
        return Mono.fromCallable(() -> tree.find(segments).map(StaticFile::of).orElseThrow(HttpError::notFound))
                .subscribeOn(Schedulers.boundedElastic());
    }

    private static StaticFile of(StaticTree.Found found) {
        Instant modified = found.lastModified().truncatedTo(ChronoUnit.SECONDS);
        String etag = "\"" + Long.toHexString(found.size()) + "-"
                + Long.toHexString(found.lastModified().toEpochMilli()) + "\"";
        return new StaticFile(found.path(), found.size(), modified, etag);
    }

    String contentType() {
        return StaticPath.contentType(path.getFileName().toString());
    }

    /**
     * The bytes of {@code range}, with sendfile where the response offers it (reactor-netty's zero-copy path behind
     * {@link ZeroCopyHttpOutputMessage}), else read in 64 KiB buffers.
     */
    BodyInserter<Void, ServerHttpResponse> bytes(ByteRange.Slice range) {
        return (response, context) -> {
            if (response instanceof ZeroCopyHttpOutputMessage zeroCopy) {
                return zeroCopy.writeWith(path, range.first(), range.length());
            }
            return response.writeWith(DataBufferUtils.takeUntilByteCount(
                    DataBufferUtils.read(
                            new FileSystemResource(path), range.first(), response.bufferFactory(), 64 * 1024),
                    range.length()));
        };
    }
}
