import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * The reactor-netty entry TechEmpower does not have, written the way its entries are (make calibrate, this stack's
 * stack.json): TechEmpower's plaintext test with the least reactor-netty can do for it, one {@code handle()} for
 * every request (no routing), the body and headers built ahead (the Date once a second), header validation off, an
 * event loop per CPU. Run from source on this stack's own jar, so reactor-netty and Netty are ours:
 * {@code PORT=… java -cp target/java-reactor.jar calibration/ReactorNettyHello.java}.
 */
public final class ReactorNettyHello {

    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    private static volatile HttpHeaders headers = headersAt(ZonedDateTime.now(ZoneOffset.UTC));

    private static HttpHeaders headersAt(ZonedDateTime now) {
        return DefaultHttpHeadersFactory.headersFactory()
                .withValidation(false)
                .newHeaders()
                .add(HttpHeaderNames.CONTENT_TYPE, "text/plain")
                .add(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(BODY.length))
                .add(HttpHeaderNames.SERVER, "reactor-netty")
                .add(HttpHeaderNames.DATE, DateTimeFormatter.RFC_1123_DATE_TIME.format(now));
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(System.getenv("PORT"));
        Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().factory())
                .scheduleAtFixedRate(
                        () -> headers = headersAt(ZonedDateTime.now(ZoneOffset.UTC)), 1, 1, TimeUnit.SECONDS);
        LoopResources loops =
                LoopResources.create("hello", 1, Runtime.getRuntime().availableProcessors(), true);
        HttpServer.create()
                .port(port)
                .runOn(loops)
                .httpRequestDecoder(spec -> spec.validateHeaders(false))
                .handle((req, res) -> res.headers(headers).sendObject(Unpooled.wrappedBuffer(BODY)))
                .bindNow()
                .onDispose()
                .block();
    }
}
