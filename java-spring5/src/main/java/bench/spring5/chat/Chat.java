package bench.spring5.chat;

import bench.spring5.HttpError;
import bench.spring5.HttpPipeline;
import io.netty.channel.Channel;
import io.netty.handler.codec.TooLongFrameException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.socket.CloseStatus;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketSession;
import org.springframework.web.reactive.socket.adapter.ReactorNettyWebSocketSession;
import org.springframework.web.reactive.socket.server.WebSocketService;
import org.springframework.web.reactive.socket.server.support.HandshakeWebSocketService;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;
import org.springframework.web.server.WebHandler;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.WebsocketServerSpec;

/**
 * GET /chat: the WebSocket chat of spec/API.md §7. Each connection ({@link ChatConnection}) reads its frames in order
 * and is written to through its Netty channel, bounded by Netty's count of unwritten bytes; names and rooms live in
 * {@link ChatRooms}. On shutdown, before the web server drains, every socket is closed with 1001.
 */
@Component
public class Chat implements WebSocketHandler, SmartLifecycle {

    /**
     * Netty's decoder limit, for a single frame and for the reassembled fragments alike: it bounds what a connection
     * buffers. Past it Netty closes with 1009 at once, out of turn; up to it, frames reach {@link ChatConnection} in
     * order, which applies the contract's 64 KiB itself (spec/API.md §7.4: the first violation's close wins).
     */
    static final int MAX_FRAME_BYTES = 1024 * 1024;

    private static final Duration GO_AWAY_TIMEOUT = Duration.ofSeconds(2);

    private final ChatRooms rooms;
    private final HttpPipeline pipeline;
    private final Set<ChatConnection> connections = ConcurrentHashMap.newKeySet();
    private final WebSocketService upgrades = new HandshakeWebSocketService(new ReactorNettyRequestUpgradeStrategy(
            () -> WebsocketServerSpec.builder().maxFramePayloadLength(MAX_FRAME_BYTES)));
    private volatile boolean running;

    Chat(ChatRooms rooms, HttpPipeline pipeline) {
        this.rooms = rooms;
        this.pipeline = pipeline;
    }

    @Override
    public Mono<Void> handle(WebSocketSession session) {
        Channel channel = channelOf(session);
        if (channel == null || !channel.isActive()) {
            // The peer left between the handshake and this call: its channel has left the group, nothing to serve.
            return Mono.empty();
        }
        ChatConnection connection = new ChatConnection(channel, rooms);
        connections.add(connection);
        Mono<Void> inbound = session.receive()
                .doOnNext(connection::receive)
                .then()
                // Netty closes a single frame over MAX_FRAME_BYTES with 1009 itself; fragments that reassemble past
                // it surface here instead. Anything else read from the socket is a server-side failure: 1011.
                .onErrorResume(TooLongFrameException.class, error -> connection.close(CloseStatus.TOO_BIG_TO_PROCESS))
                .onErrorResume(error -> connection.close(CloseStatus.SERVER_ERROR));
        // The peer's close frame frees the name at once: the inbound side completes only after the close
        // handshake, and by then the peer, already answered, may be registering the same name again.
        Mono<Void> peerClosed =
                session.closeStatus().doFinally(signal -> connection.closed()).then();
        return Mono.when(inbound, peerClosed).doFinally(signal -> {
            connection.closed();
            connections.remove(connection);
        });
    }

    /**
     * The Netty channel under a reactor-netty session, null once closed: the frames are written to it directly (see
     * ChatConnection).
     */
    private @Nullable Channel channelOf(WebSocketSession session) {
        return pipeline.channel(((ReactorNettyWebSocketSession) session).getChannelId());
    }

    /** The upgrade; without one, /chat answers as plain HTTP: 405 for other methods, else 426. */
    public WebHandler endpoint() {
        return exchange -> {
            ServerHttpRequest request = exchange.getRequest();
            if (request.getMethod() != HttpMethod.GET) {
                HttpHeaders allow = new HttpHeaders();
                allow.setAllow(Set.of(HttpMethod.GET));
                return Mono.error(new HttpError(HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed", allow));
            }
            if (!"websocket".equalsIgnoreCase(request.getHeaders().getUpgrade())) {
                HttpHeaders upgrade = new HttpHeaders();
                upgrade.setUpgrade("websocket");
                return Mono.error(
                        new HttpError(HttpStatus.UPGRADE_REQUIRED, "This endpoint speaks WebSocket only", upgrade));
            }
            return upgrades.handleRequest(exchange, this);
        };
    }

    @Override
    public void start() {
        running = true;
    }

    /** Every socket closed with 1001, waiting a moment for the close handshakes before the server drains. */
    @Override
    public void stop() {
        running = false;
        Flux.fromIterable(List.copyOf(connections))
                .flatMap(ChatConnection::goAway)
                .then()
                .timeout(GO_AWAY_TIMEOUT, Mono.empty())
                .block();
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
