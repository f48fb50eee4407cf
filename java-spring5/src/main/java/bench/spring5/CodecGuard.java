package bench.spring5;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import reactor.netty.channel.ChannelOperations;
import reactor.netty.http.server.HttpServerResponse;

/**
 * spec/API.md §1.6 for what reactor-netty's HTTP/1.1 codec decides before Spring sees a request: one per connection,
 * installed by {@link HttpPipeline} right after the codec.
 *
 * <ul>
 *   <li>Netty reads the version case-insensitively and takes any {@code HTTP/d.d}; only the exact texts
 *       {@code HTTP/1.1} and {@code HTTP/1.0} are its constants. Another major version is refused with 505, 1.0 or
 *       1.1 spelt otherwise ({@code http/1.1}) with 400, both marked as a decoding failure so that reactor-netty
 *       answers them in their turn and closes; a higher minor version is served as HTTP/1.1.
 *   <li>The codec refuses a request line or a header section too long (414, 431: the limits in
 *       application.properties) but counts no field lines: more than {@link #MAX_FIELD_LINES} are refused here with
 *       431, marked as a decoding failure the same way.
 *   <li>reactor-netty answers a request the codec refused with an empty 400 (414, 431): it gets the JSON error body
 *       here, and its Date from {@link HttpPipeline.DateStamper}.
 *   <li>A body the codec refuses half-way (a chunk size that is no hex number) reactor-netty would also answer with
 *       that 400, then end the body as if it were complete, which the handler reads on; and it answers a second time
 *       if the request was answered already. Here the body never ends: the request gets the 400 unless its answer
 *       has begun, and the connection is closed behind whichever answer it gets, once that is written to its end.
 * </ul>
 */
class CodecGuard extends ChannelDuplexHandler {

    static final int MAX_FIELD_LINES = 100;

    /** What this connection's last request was refused with; nothing after it is read. */
    private @Nullable HttpResponseStatus refused;

    /** Whether the answer to the request being read has been written to its end. */
    private boolean answered;

    /** Close once the answer under way is written to its end: its body was refused after it began. */
    private boolean closeWhenAnswered;

    /** How a version other than Netty's two constants is answered: null when it is served (as HTTP/1.1). */
    static @Nullable HttpResponseStatus refusal(HttpVersion version) {
        if (version.majorVersion() != 1) {
            return HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED;
        }
        return version.minorVersion() <= 1 ? HttpResponseStatus.BAD_REQUEST : null;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (refused != null) {
            ReferenceCountUtil.release(msg);
        } else if (msg instanceof HttpRequest request) {
            answered = false;
            checkVersion(request);
            checkFieldLines(request);
            super.channelRead(ctx, msg);
        } else if (msg instanceof HttpContent content && content.decoderResult().isFailure()) {
            content.release();
            refuseBody(ctx);
        } else {
            super.channelRead(ctx, msg);
        }
    }

    private void checkVersion(HttpRequest request) {
        HttpVersion version = request.protocolVersion();
        if (version == HttpVersion.HTTP_1_1
                || version == HttpVersion.HTTP_1_0
                || request.decoderResult().isFailure()) {
            return;
        }
        HttpResponseStatus refusal = refusal(version);
        if (refusal != null) {
            refuse(request, refusal, new IllegalArgumentException("Unsupported HTTP version"));
        }
        // reactor-netty answers with the request's version, and an HTTP/2.0 request at once, out of turn.
        request.setProtocolVersion(HttpVersion.HTTP_1_1);
    }

    private void checkFieldLines(HttpRequest request) {
        if (request.headers().size() > MAX_FIELD_LINES
                && request.decoderResult().isSuccess()) {
            refuse(
                    request,
                    HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    new TooLongHttpHeaderException("More than " + MAX_FIELD_LINES + " field lines"));
        }
    }

    private void refuse(HttpRequest request, HttpResponseStatus status, Exception cause) {
        refused = status;
        request.setDecoderResult(DecoderResult.failure(cause));
    }

    /**
     * The request gets the 400 unless its answer has begun; an answer under way (a static file still being sent when
     * the broken chunk arrives) is let finish, and the connection closed behind it.
     */
    private void refuseBody(ChannelHandlerContext ctx) {
        refused = HttpResponseStatus.BAD_REQUEST;
        Boolean begun = answerBegun(ctx);
        if (begun != null) {
            if (!begun) {
                FullHttpResponse answer = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, refused);
                answer.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.write(withErrorBody(answer));
            } else if (!answered) {
                closeWhenAnswered = true;
                return;
            }
        }
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    /** Whether reactor-netty has begun the answer to the request being read; null when it has no response for it. */
    @Nullable
    Boolean answerBegun(ChannelHandlerContext ctx) {
        return ChannelOperations.get(ctx.channel()) instanceof HttpServerResponse inFlight
                ? inFlight.hasSentHeaders()
                : null;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        boolean bare = msg instanceof FullHttpResponse response
                && response.status().code() >= 400
                && !response.headers().contains(HttpHeaderNames.CONTENT_TYPE);
        boolean last = msg instanceof LastHttpContent;
        if (last) answered = true;
        if (last && closeWhenAnswered) {
            promise = promise.unvoid();
            promise.addListener(ChannelFutureListener.CLOSE);
        }
        super.write(ctx, bare ? withErrorBody((FullHttpResponse) msg) : msg, promise);
    }

    private FullHttpResponse withErrorBody(FullHttpResponse bare) {
        HttpResponseStatus status = refused != null ? refused : bare.status();
        byte[] body = ("{\"error\":" + Json.quote(status.reasonPhrase()) + "}").getBytes(StandardCharsets.UTF_8);
        FullHttpResponse answer = bare.replace(Unpooled.wrappedBuffer(body)).setStatus(status);
        bare.release();
        answer.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        return answer;
    }
}
