package bench.spring5.statics;

import bench.spring5.HttpError;
import bench.spring5.Settings;
import io.netty.handler.codec.DateFormatter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ZeroCopyHttpOutputMessage;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.BodyInserter;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * GET/HEAD /static/**: the file under STATIC_ROOT, symlinks resolved and kept inside the root, sent with
 * sendfile (reactor-netty's zero-copy path behind {@link ZeroCopyHttpOutputMessage}). Every file system call
 * runs on the bounded elastic scheduler, never on an event loop.
 */
@Component
public class StaticFiles {

  private static final String PREFIX = "/static";

  private final Path root;

  StaticFiles(Settings settings) {
    this.root = settings.staticRoot();
  }

  public Mono<ServerResponse> serve(ServerRequest request) {
    String raw = request.requestPath().pathWithinApplication().value().substring(PREFIX.length());
    List<String> segments = StaticPath.segments(raw);
    return Mono.fromCallable(() -> lookUp(segments))
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(file -> respond(request, file));
  }

  record StaticFile(Path path, long size, Instant modified, String etag) {}

  // realpath first, then the containment check: a symlink that leads out of the root is not found.
  StaticFile lookUp(List<String> segments) throws IOException {
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
    } catch (NoSuchFileException e) {
      throw HttpError.notFound();
    }
  }

  private Mono<ServerResponse> respond(ServerRequest request, StaticFile file) {
    HttpHeaders conditions = request.headers().asHttpHeaders();
    ServerResponse.BodyBuilder response;
    if (notModified(conditions, file)) {
      return ServerResponse.status(HttpStatus.NOT_MODIFIED)
          .eTag(file.etag()).lastModified(file.modified()).build();
    }
    ByteRange range = ByteRange.parse(conditions.getFirst(HttpHeaders.RANGE), file.size());
    if (range == ByteRange.UNSATISFIABLE) {
      HttpHeaders headers = new HttpHeaders();
      headers.set(HttpHeaders.CONTENT_RANGE, "bytes */" + file.size());
      return Mono.error(new HttpError(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "Range not satisfiable", headers));
    }
    if (range == null) {
      range = new ByteRange(0, file.size() - 1);
      response = ServerResponse.ok();
    } else {
      response = ServerResponse.status(HttpStatus.PARTIAL_CONTENT)
          .header(HttpHeaders.CONTENT_RANGE, "bytes " + range.start() + "-" + range.end() + "/" + file.size());
    }
    response.header(HttpHeaders.CONTENT_TYPE, StaticPath.contentType(file.path().getFileName().toString()))
        .header(HttpHeaders.ACCEPT_RANGES, "bytes")
        .eTag(file.etag())
        .lastModified(file.modified())
        .contentLength(range.length());
    if (request.method() == HttpMethod.HEAD) {
      return response.build();
    }
    return response.body(slice(file.path(), range.start(), range.length()));
  }

  // If-None-Match decides alone when present; otherwise If-Modified-Since, in whole seconds.
  private static boolean notModified(HttpHeaders conditions, StaticFile file) {
    List<String> ifNoneMatch = conditions.getIfNoneMatch();
    if (!ifNoneMatch.isEmpty()) {
      return ifNoneMatch.stream().anyMatch(tag -> tag.equals("*") || tag.replaceFirst("^W/", "").equals(file.etag()));
    }
    Date since = ifModifiedSince(conditions);
    return since != null && since.getTime() / 1000 >= file.modified().getEpochSecond();
  }

  /**
   * Any of the three forms RFC 9110 §5.6.7 says a recipient must accept, through Netty's parser: Spring's
   * {@code getIfModifiedSince()} rejects asctime's space-padded day ({@code Tue Jul  1 00:00:00 2025}).
   * An unparseable date is ignored (null).
   */
  static @Nullable Date ifModifiedSince(HttpHeaders conditions) {
    String value = conditions.getFirst(HttpHeaders.IF_MODIFIED_SINCE);
    return value == null ? null : DateFormatter.parseHttpDate(value.trim());
  }

  private static BodyInserter<Void, ServerHttpResponse> slice(Path path, long start, long count) {
    return (response, context) -> {
      if (response instanceof ZeroCopyHttpOutputMessage zeroCopy) {
        return zeroCopy.writeWith(path, start, count);
      }
      return response.writeWith(DataBufferUtils.takeUntilByteCount(
          DataBufferUtils.read(new FileSystemResource(path), start, response.bufferFactory(), 64 * 1024), count));
    };
  }
}
