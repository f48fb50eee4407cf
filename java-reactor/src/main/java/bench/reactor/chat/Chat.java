package bench.reactor.chat;

import bench.reactor.Http;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.flush.FlushConsolidationHandler;
import org.reactivestreams.Publisher;
import reactor.netty.Connection;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.WebsocketServerSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;

/**
 * GET /chat: the WebSocket endpoint. reactor-netty answers pings; Netty's frame aggregator reassembles fragmented
 * messages up to the 64 KiB limit (close 1009), and {@link ChatConnection} checks a whole frame against it in its
 * turn. The decoder takes frames up to {@link ChatConnection#MAX_FRAME_BYTES}: at the limit itself it would close
 * the connection the moment it decoded such a frame, ahead of a violation in the frames before it.
 */
public final class Chat {

    private static final WebsocketServerSpec SPEC = WebsocketServerSpec.builder()
            .maxFramePayloadLength(ChatConnection.MAX_FRAME_BYTES)
            .handlePing(false)
            .build();

    private final ChatRooms rooms;

    public Chat(ChatRooms rooms) {
        this.rooms = rooms;
    }

    public Publisher<Void> get(HttpServerRequest req, HttpServerResponse res) {
        if (!Http.isUpgrade(req)) {
            res.header(HttpHeaderNames.UPGRADE, "websocket");
            return Http.error(res, HttpResponseStatus.UPGRADE_REQUIRED, "This endpoint speaks WebSocket only");
        }
        // Netty would pick a pre-RFC 6455 handshaker for a request without version 13, and log the failure.
        if (!"13".equals(req.requestHeaders().get(HttpHeaderNames.SEC_WEBSOCKET_VERSION))
                || !req.requestHeaders().contains(HttpHeaderNames.SEC_WEBSOCKET_KEY)) {
            res.header(HttpHeaderNames.SEC_WEBSOCKET_VERSION, "13");
            return Http.error(res, HttpResponseStatus.BAD_REQUEST, "Invalid WebSocket handshake");
        }
        // The 101 is a response like any other: it carries Date too.
        return Http.dated(res).sendWebsocket(this::session, SPEC);
    }

    private Publisher<Void> session(WebsocketInbound in, WebsocketOutbound out) {
        ChatConnection connection = new ChatConnection(rooms);
        in.withConnection(c -> {
            connection.attach(c, consolidateFlushes(c));
            c.addHandlerLast(NettyPipeline.WsFrameAggregator, reassembly(connection));
        });
        // The name is freed as soon as the inbound side ends (the peer's close frame, a violation): waiting for
        // the TCP connection to be disposed would keep it taken for a moment after the client saw the close.
        return in.receiveFrames()
                .doOnNext(connection::receive)
                .doFinally(signal -> connection.closed())
                .then();
    }

    /**
     * A relay writes one frame to each member; flushing each would cost a syscall per delivery. Netty's own handler
     * turns the flushes queued on this connection's loop meanwhile into one write of them all.
     *
     * @return the handler's context, whose flush goes straight to the socket
     */
    private static ChannelHandlerContext consolidateFlushes(Connection connection) {
        FlushConsolidationHandler consolidation =
                new FlushConsolidationHandler(FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true);
        connection.addHandlerFirst("flushConsolidation", consolidation);
        return connection.channel().pipeline().context(consolidation);
    }

    /**
     * Netty's frame aggregator, where {@code in.aggregateFrames(max)} puts it: fragments reach the connection as one
     * message, and a message that adds up past 64 KiB closes it with 1009. aggregateFrames' own aggregator fails the
     * inbound side instead (TooLongFrameException), and reactor-netty signals that error a second time when the
     * close frame is sent, which Reactor logs as dropped.
     */
    private static WebSocketFrameAggregator reassembly(ChatConnection connection) {
        return new WebSocketFrameAggregator(ChatConnection.MAX_MESSAGE_BYTES) {
            @Override
            protected void handleOversizedMessage(ChannelHandlerContext ctx, WebSocketFrame oversized) {
                connection.close(1009, "Message too big", null);
            }
        };
    }
}
