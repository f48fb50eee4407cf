package bench.vertx.chat;

import bench.vertx.Errors;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.Utf8FrameValidator;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.impl.HttpServerConnection;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * GET /chat: the WebSocket upgrade (the 101 carries the Date header set for every response), or 426 for a
 * plain GET. One instance per verticle; it remembers its open sockets so that a shutdown can close them with
 * 1001.
 */
public final class Chat implements Handler<RoutingContext> {
    private static final long CLOSE_WAIT_MS = 1000;
    private static final String FLUSH_CONSOLIDATION = "flushConsolidation";

    private final ChatRooms rooms;
    private final Set<ChatConnection> open = ConcurrentHashMap.newKeySet();

    public Chat(ChatRooms rooms) {
        this.rooms = rooms;
    }

    @Override
    public void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        if (!"websocket".equalsIgnoreCase(request.getHeader(HttpHeaders.UPGRADE))) {
            ctx.response().putHeader(HttpHeaders.UPGRADE, "websocket");
            Errors.send(ctx.response(), 426, "This endpoint speaks WebSocket only");
            return;
        }
        request.toWebSocket()
                .onSuccess(ws -> {
                    validateUtf8(request);
                    open.add(new ChatConnection(ws, consolidateFlushes(request), rooms, open::remove));
                })
                .onFailure(failure -> {
                    if (!ctx.response().headWritten()) {
                        Errors.send(ctx.response(), 400, "Invalid WebSocket handshake");
                    }
                });
    }

    /**
     * A relay writes one frame to each member, and Vert.x flushes every write made outside the connection's own
     * read: a syscall per delivery. Netty's own handler turns the flushes queued on the connection's loop meanwhile
     * into one write of them all. Vert.x has no option for it; its connection gives the channel's pipeline.
     *
     * @return the handler's context, whose flush goes straight to the socket
     */
    private static ChannelHandlerContext consolidateFlushes(HttpServerRequest request) {
        ChannelPipeline pipeline = ((HttpServerConnection) request.connection())
                .channelHandlerContext()
                .pipeline();
        pipeline.addFirst(
                FLUSH_CONSOLIDATION,
                new FlushConsolidationHandler(FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
        return pipeline.context(FLUSH_CONSOLIDATION);
    }

    /**
     * RFC 6455 §8.1: Vert.x decodes a text message leniently, a byte that is not UTF-8 becoming U+FFFD, which the room
     * would relay. Netty's validator, behind the frame codec (its close frame goes out encoded), fails such a connection instead: close 1007, then the
     * socket (§7.1.7), ahead of any frame still waiting to be dealt with, as the decoder's own 1009 does. It cannot
     * wait its turn like the other violations: Vert.x closes a socket whose pipeline reports an error.
     */
    private static void validateUtf8(HttpServerRequest request) {
        ChannelPipeline pipeline = ((HttpServerConnection) request.connection())
                .channelHandlerContext()
                .pipeline();
        pipeline.addAfter("wsencoder", "utf8Validator", new Utf8FrameValidator(true));
    }

    /** Server shutting down: every socket, registered or not, is closed with 1001 (going away). */
    public Future<Void> goingAway() {
        List<Future<Void>> closed = new ArrayList<>();
        for (ChatConnection connection : open) {
            closed.add(connection.goingAway());
        }
        // A peer that never answers the close frame is not waited for: the drain budget belongs to requests.
        return Future.join(closed).timeout(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS).mapEmpty();
    }
}
