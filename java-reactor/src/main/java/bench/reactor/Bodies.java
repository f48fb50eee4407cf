package bench.reactor;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.ByteArrayOutputStream;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;

/**
 * Request bodies, limited to 1 MiB. reactor-netty has no body limit of its own on a streamed request, so the
 * bytes are counted as they arrive: an announced Content-Length over the limit is refused before a byte is
 * read, a chunked body as soon as it passes the limit.
 */
public final class Bodies {

    public static final int MAX_BYTES = 1024 * 1024;

    private Bodies() {}

    public static Mono<byte[]> read(HttpServerRequest req) {
        String announced = req.requestHeaders().get(HttpHeaderNames.CONTENT_LENGTH);
        if (announced != null && parseLength(announced) > MAX_BYTES) {
            return Mono.error(HttpError.tooLarge());
        }
        return Mono.defer(() -> {
            Limited body = new Limited();
            return req.receive().doOnNext(body::append).then(Mono.fromCallable(body::toByteArray));
        });
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1; // the codec already refused a malformed Content-Length
        }
    }

    /** Copies each chunk out of Netty's pooled buffer (released by reactor-netty after onNext). */
    private static final class Limited extends ByteArrayOutputStream {
        void append(ByteBuf chunk) {
            int size = chunk.readableBytes();
            if (count + size > MAX_BYTES) {
                throw HttpError.tooLarge();
            }
            ensure(size);
            chunk.readBytes(buf, count, size);
            count += size;
        }

        private void ensure(int more) {
            if (count + more > buf.length) {
                buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, count + more));
            }
        }
    }
}
