package bench.reactor;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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

    /** A fatal decoder: stray bytes, overlongs, encoded surrogates and truncated sequences are all a 400. */
    public static String utf8(byte[] body) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
        } catch (CharacterCodingException e) {
            throw HttpError.badRequest("Body is not valid UTF-8");
        }
    }

    /**
     * True if a decoded JSON string holds a surrogate without its pair: an escape such as {@code "\ud800"}, or a
     * reversed pair, decodes to one (Jackson does not refuse it), and it has no UTF-8 encoding. The contract answers
     * it with 400, as it does invalid UTF-8.
     */
    public static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
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
