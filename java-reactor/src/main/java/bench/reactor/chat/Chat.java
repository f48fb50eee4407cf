package bench.reactor.chat;

import bench.reactor.Http;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.reactivestreams.Publisher;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.WebsocketServerSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;

/**
 * GET /chat: the WebSocket endpoint. reactor-netty's decoder enforces the 64 KiB frame limit itself (close
 * 1009) and answers pings; fragmented messages are reassembled and limited in {@link ChatConnection}.
 */
public final class Chat {

  private static final WebsocketServerSpec SPEC = WebsocketServerSpec.builder()
      .maxFramePayloadLength(ChatConnection.MAX_MESSAGE_BYTES)
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
    ChatConnection session = new ChatConnection(out, rooms);
    in.withConnection(session::attach);
    // The name is freed as soon as the inbound side ends (the peer's close frame, a violation): waiting for
    // the TCP connection to be disposed would keep it taken for a moment after the client saw the close.
    return in.receiveFrames().doOnNext(session::receive).doFinally(signal -> session.closed()).then();
  }
}
