package bench.reactor;

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
import reactor.netty.channel.ChannelOperations;
import reactor.netty.http.server.HttpServerResponse;

/**
 * spec/API.md §1.6 where reactor-netty's HTTP/1.1 codec decides before any route. One per connection, right after
 * the codec: it sees every request the codec decodes and every response written.
 *
 * <p>Versions. Netty reads a version case-insensitively ({@code http/1.1} is HTTP/1.1) and takes any
 * {@code HTTP/d.d}; only the exact texts {@code HTTP/1.1} and {@code HTTP/1.0} are its two constants, so any other
 * instance is looked at: another major version is refused with 505, 1.0 or 1.1 spelled otherwise with 400, and a
 * higher minor version is served as HTTP/1.1. A refused request is marked as a decoding failure, so that
 * reactor-netty answers it in its turn behind the requests pipelined before it, then closes the connection.
 *
 * <p>Limits. The codec refuses a request line or a header section too long ({@link #MAX_REQUEST_LINE},
 * {@link #MAX_HEADER_SIZE}: 414, 431); it has no limit on the number of field lines, refused here with 431 the same
 * way as a version.
 *
 * <p>Answers. reactor-netty answers a request its codec refused with an empty 400 (414, 431) and no Date; here it
 * gets the contract's Date and JSON error body. A body the codec refuses half-way (a chunk size that is no hex
 * number) reactor-netty would answer the same way, but then end the route's body as if it were complete, and answer
 * a second time if the route had answered already: here the body never ends, the request gets the 400 unless its
 * answer has begun, and the connection is closed behind whichever answer it gets, once that is written to its end.
 */
class Wire extends ChannelDuplexHandler {

    /**
     * Netty counts the request line without its CRLF, method and version included: a target of 8,000 bytes is
     * served, one over 8,192 always refused.
     */
    static final int MAX_REQUEST_LINE = 8_192;

    /**
     * Netty counts each field line without its CRLF: the contract's 16,384 less the CRLFs of its 100 lines, so that a
     * section over 16,384 is refused in any number of lines and one of 16,000 served.
     */
    static final int MAX_HEADER_SIZE = 16_384 - 2 * 100;

    static final int MAX_FIELD_LINES = 100;

    /** The status of the request refused here; nothing after it on this connection is read. */
    private HttpResponseStatus refused;

    /** Whether the answer to the request being read has been written to its end. */
    private boolean answered;

    /** Close once the answer under way is written to its end: its body was refused after it began. */
    private boolean closeWhenAnswered;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused != null) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest request) {
            answered = false;
            HttpVersion version = request.protocolVersion();
            if (version != HttpVersion.HTTP_1_1
                    && version != HttpVersion.HTTP_1_0
                    && request.decoderResult().isSuccess()) {
                judge(request, version);
            }
            if (request.headers().size() > MAX_FIELD_LINES
                    && request.decoderResult().isSuccess()) {
                refuse(
                        request,
                        HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                        new TooLongHttpHeaderException("More than " + MAX_FIELD_LINES + " field lines"));
            }
        } else if (msg instanceof HttpContent content && content.decoderResult().isFailure()) {
            content.release();
            brokenBody(ctx);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    private void judge(HttpRequest request, HttpVersion version) {
        IllegalArgumentException unsupported = new IllegalArgumentException("Unsupported HTTP version");
        if (version.majorVersion() != 1) {
            refuse(request, HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED, unsupported);
        } else if (version.minorVersion() <= 1) {
            refuse(request, HttpResponseStatus.BAD_REQUEST, unsupported);
        }
        // HTTP/1.1 for reactor-netty too, which answers with the request's version and HTTP/2.0 out of turn.
        request.setProtocolVersion(HttpVersion.HTTP_1_1);
    }

    private void refuse(HttpRequest request, HttpResponseStatus status, Exception cause) {
        refused = status;
        request.setDecoderResult(DecoderResult.failure(cause));
    }

    /**
     * The request gets the 400 unless its answer has begun; an answer under way (marked sent by a route writing from
     * another thread, not yet here) is let finish, and the connection closed behind it.
     */
    private void brokenBody(ChannelHandlerContext ctx) {
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
    Boolean answerBegun(ChannelHandlerContext ctx) {
        return ChannelOperations.get(ctx.channel()) instanceof HttpServerResponse inFlight
                ? inFlight.hasSentHeaders()
                : null;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof LastHttpContent) {
            answered = true;
            if (closeWhenAnswered) {
                promise = promise.unvoid();
                promise.addListener(ChannelFutureListener.CLOSE);
            }
        }
        if (msg instanceof FullHttpResponse response
                && response.status().code() >= 400
                && !response.headers().contains(HttpHeaderNames.CONTENT_TYPE)) {
            ctx.write(withErrorBody(response), promise);
        } else {
            ctx.write(msg, promise);
        }
    }

    private FullHttpResponse withErrorBody(FullHttpResponse bare) {
        HttpResponseStatus status = refused != null ? refused : bare.status();
        byte[] body = Http.errorBody(status.reasonPhrase());
        FullHttpResponse answer = bare.replace(Unpooled.wrappedBuffer(body)).setStatus(status);
        bare.release();
        answer.headers()
                .set(HttpHeaderNames.DATE, Http.date())
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        return answer;
    }
}
