package bench.spring5;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelId;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.time.Clock;
import java.util.Date;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.stereotype.Component;
import reactor.netty.http.server.HttpServer;

/**
 * What the contract needs from the Netty pipeline itself, because some requests and responses never reach a
 * WebFilter (the 101 of the WebSocket handshake, the bare 400 Spring's adapter sends for a request target that
 * java.net.URI refuses, what the HTTP codec refuses: {@link CodecGuard}), and what Spring's WebSocketSession does
 * not give: its Netty channel.
 */
@Component
public class HttpPipeline implements NettyServerCustomizer {

    private final DateStamper dates = new DateStamper(Clock.systemUTC());
    private final TargetEncoder targets = new TargetEncoder();
    private final ChannelGroup open = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

    @Override
    public HttpServer apply(HttpServer server) {
        return server.doOnChannelInit((observer, channel, address) -> {
            open.add(channel);
            channel.pipeline()
                    .addAfter(reactor.netty.NettyPipeline.HttpCodec, "bench.targetEncoder", targets)
                    .addAfter("bench.targetEncoder", "bench.dateStamper", dates)
                    .addAfter("bench.dateStamper", "bench.codecGuard", new CodecGuard());
        });
    }

    /**
     * The channel of an open connection, e.g. a WebSocket session's (which tells only its id): chat writes its
     * frames to it directly. Closed channels leave the group by themselves: null then.
     */
    public @Nullable Channel channel(ChannelId id) {
        return open.find(id);
    }

    /** Date on every response (spec/API.md §1.3), formatted once per second rather than once per response. */
    @Sharable
    static final class DateStamper extends ChannelOutboundHandlerAdapter {

        private record Stamp(long second, String text) {}

        private final Clock clock;
        private volatile Stamp stamp = new Stamp(-1, "");

        DateStamper(Clock clock) {
            this.clock = clock;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            if (msg instanceof HttpResponse response && !response.headers().contains(HttpHeaderNames.DATE)) {
                response.headers().set(HttpHeaderNames.DATE, now());
            }
            super.write(ctx, msg, promise);
        }

        /** An IMF-fixdate: Netty's formatter, as java.time's RFC_1123_DATE_TIME writes days 1 to 9 with one digit. */
        String now() {
            long second = clock.millis() / 1000;
            Stamp current = stamp;
            if (current.second() != second) {
                current = new Stamp(second, DateFormatter.format(new Date(second * 1000)));
                stamp = current;
            }
            return current.text();
        }
    }

    /**
     * Percent-encodes the characters a URI may not contain (a raw backslash, space, quotes...) and a '%' that begins
     * no escape ({@code /static/%zz}), so that such a request reaches the routes and gets the contract's JSON 400 or
     * 404 instead of the empty 400 Spring's ReactorHttpHandlerAdapter sends when java.net.URI refuses the target,
     * before any filter or exception handler runs. A stray '%' so becomes the character itself: no such route or
     * file.
     */
    @Sharable
    static final class TargetEncoder extends ChannelInboundHandlerAdapter {

        private static final char[] HEX = "0123456789ABCDEF".toCharArray();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof HttpRequest request) {
                String encoded = encodeIllegal(request.uri());
                if (encoded != null) {
                    request.setUri(encoded);
                }
            }
            super.channelRead(ctx, msg);
        }

        /**
         * The target with every byte outside RFC 3986's characters, and every '%' not followed by two hex digits,
         * escaped; or null when there is none.
         */
        static String encodeIllegal(String target) {
            StringBuilder out = null;
            for (int i = 0; i < target.length(); i++) {
                char c = target.charAt(i);
                boolean legal =
                        c > 0x20 && c < 0x7f && "\"<>\\^`{|}".indexOf(c) < 0 && (c != '%' || beginsEscape(target, i));
                if (!legal && out == null) {
                    out = new StringBuilder(target.length() + 16).append(target, 0, i);
                }
                if (out != null) {
                    if (legal) {
                        out.append(c);
                    } else {
                        // Netty reads the request line as ISO-8859-1: each char is one byte of the original target.
                        out.append('%').append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
                    }
                }
            }
            return out == null ? null : out.toString();
        }

        private static boolean beginsEscape(String target, int percent) {
            return percent + 2 < target.length()
                    && isHex(target.charAt(percent + 1))
                    && isHex(target.charAt(percent + 2));
        }

        private static boolean isHex(char c) {
            return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
        }
    }
}
