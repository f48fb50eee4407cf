package bench.spring5.statics;

import bench.contract.statics.ByteRange;
import bench.contract.statics.StaticPath;
import bench.spring5.HttpError;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
     * The file {@code segments} name under {@code root}, or 404. The look-up runs on the bounded elastic scheduler,
     * never on an event loop: every file system call may block.
     */
    static Mono<StaticFile> lookUp(Path root, List<String> segments) {
        return Mono.fromCallable(() -> resolve(root, segments)).subscribeOn(Schedulers.boundedElastic());
    }

    // realpath first, then the containment check: a symlink that leads out of the root is not found.
    private static StaticFile resolve(Path root, List<String> segments) throws IOException {
        try {
            Path realRoot = root.toRealPath();
            Path real = realRoot.resolve(String.join("/", segments)).toRealPath();
            if (!real.startsWith(realRoot) || real.equals(realRoot)) {
                throw HttpError.notFound();
            }
            BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                throw HttpError.notFound();
            }
            Instant modified = attributes.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.SECONDS);
            String etag = "\"" + Long.toHexString(attributes.size()) + "-"
                    + Long.toHexString(attributes.lastModifiedTime().toMillis()) + "\"";
            return new StaticFile(real, attributes.size(), modified, etag);
        } catch (FileSystemException e) {
            // No such file, or a path the file system cannot follow: a name below a file (ENOTDIR), a symlink loop.
            throw HttpError.notFound();
        } catch (InvalidPathException e) {
            // A name no file can have here: a NUL, or characters the JVM's file-name encoding cannot map (the
            // POSIX locale).
            throw HttpError.notFound();
        }
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
