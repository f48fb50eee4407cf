package bench.spring5;

import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Mono;

/**
 * Request bodies, in the contract's order of checks: media type (415), then size (413), then content (400).
 */
public final class Bodies {

    /** 1 MiB; the same figure as spring.http.codecs.max-in-memory-size, which bounds what is read below. */
    public static final long LIMIT = 1024 * 1024;

    private static final byte[] EMPTY = new byte[0];

    private Bodies() {}

    /** The request's media type if it is one of {@code accepted} (parameters ignored), else a 415. */
    public static MediaType require(ServerRequest request, String expected, MediaType... accepted) {
        MediaType type;
        try {
            type = request.headers().contentType().orElse(null);
        } catch (InvalidMediaTypeException e) {
            type = null;
        }
        if (type != null) {
            for (MediaType candidate : accepted) {
                if (candidate.equalsTypeAndSubtype(type)) {
                    return candidate;
                }
            }
        }
        throw HttpError.unsupportedMediaType(expected);
    }

    /** The whole body as bytes ({@link #read(ServerRequest, Class)}); an empty body is an empty array. */
    public static Mono<byte[]> read(ServerRequest request) {
        return read(request, byte[].class).defaultIfEmpty(EMPTY);
    }

    /**
     * The body read by the server's codecs, at most 1 MiB. An announced Content-Length over the limit is refused
     * before a byte is read; a chunked body is cut off by the codecs' limit as soon as it passes it.
     */
    public static <T> Mono<T> read(ServerRequest request, Class<T> type) {
        if (request.headers().contentLength().orElse(0) > LIMIT) {
            return Mono.error(HttpError.tooLarge());
        }
        return request.bodyToMono(type);
    }
}
