package bench.spring5.statics;

import bench.contract.Environment;
import bench.contract.statics.ByteRange;
import bench.contract.statics.StaticPath;
import bench.contract.statics.StaticTree;
import bench.spring5.HttpError;
import io.netty.handler.codec.DateFormatter;
import java.util.Date;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * GET/HEAD /static/**: the {@link StaticFile} under STATIC_ROOT that the path names ({@link StaticPath}), answered
 * with 304 when the client's copy is current, 206 for a satisfiable range ({@link ByteRange}), else 200, and sent
 * with sendfile.
 */
@Component
public class StaticFiles {

    private static final String PREFIX = "/static";

    private final StaticTree tree;

    StaticFiles(Environment settings) {
        this.tree = new StaticTree(settings.staticRoot());
    }

    public Mono<ServerResponse> serve(ServerRequest request) {
        String raw = request.requestPath().pathWithinApplication().value().substring(PREFIX.length());
        if (!raw.startsWith("/")) {
            throw HttpError.notFound();
        }
        List<String> segments = StaticPath.segments(raw.substring(1)).orElseThrow(HttpError::notFound);
        return StaticFile.lookUp(tree, segments).flatMap(file -> respond(request, file));
    }

    private Mono<ServerResponse> respond(ServerRequest request, StaticFile file) {
        HttpHeaders conditions = request.headers().asHttpHeaders();
        ServerResponse.BodyBuilder response;
        if (notModified(conditions, file)) {
            return ServerResponse.status(HttpStatus.NOT_MODIFIED)
                    .eTag(file.etag())
                    .lastModified(file.modified())
                    .build();
        }
        ByteRange.Outcome range = ByteRange.parse(conditions.getFirst(HttpHeaders.RANGE), file.size());
        if (range instanceof ByteRange.Unsatisfiable) {
            HttpHeaders headers = new HttpHeaders();
            headers.set(HttpHeaders.CONTENT_RANGE, "bytes */" + file.size());
            return Mono.error(
                    new HttpError(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "Range not satisfiable", headers));
        }
        ByteRange.Slice slice;
        if (range instanceof ByteRange.Slice partial) {
            slice = partial;
            response = ServerResponse.status(HttpStatus.PARTIAL_CONTENT)
                    .header(
                            HttpHeaders.CONTENT_RANGE,
                            "bytes " + slice.first() + "-" + slice.last() + "/" + file.size());
        } else {
            slice = new ByteRange.Slice(0, file.size() - 1);
            response = ServerResponse.ok();
        }
        response.header(HttpHeaders.CONTENT_TYPE, file.contentType())
                .header(HttpHeaders.ACCEPT_RANGES, "bytes")
                .eTag(file.etag())
                .lastModified(file.modified())
                .contentLength(slice.length());
        if (request.method() == HttpMethod.HEAD) {
            return response.build();
        }
        return response.body(file.bytes(slice));
    }

    // If-None-Match decides alone when present (even empty); otherwise If-Modified-Since, in whole seconds.
    static boolean notModified(HttpHeaders conditions, StaticFile file) {
        List<String> ifNoneMatch = conditions.get(HttpHeaders.IF_NONE_MATCH);
        if (ifNoneMatch != null) {
            return matchesAny(ifNoneMatch, file.etag());
        }
        Date since = ifModifiedSince(conditions);
        return since != null && since.getTime() / 1000 >= file.modified().getEpochSecond();
    }

    /**
     * Weak comparison (RFC 9110 §13.1.2) against each comma-separated member of the fields, {@code *} matching any:
     * a member that is no entity-tag ({@code garbage}, {@code W/}, an empty field) matches nothing. Spring's
     * {@code getIfNoneMatch()} throws on those instead, which would turn a request header into a 500.
     */
    private static boolean matchesAny(List<String> ifNoneMatch, String etag) {
        for (String field : ifNoneMatch) {
            for (String member : field.split(",")) {
                String tag = member.trim();
                if (tag.equals("*") || tag.equals(etag) || tag.equals("W/" + etag)) {
                    return true;
                }
            }
        }
        return false;
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
}
