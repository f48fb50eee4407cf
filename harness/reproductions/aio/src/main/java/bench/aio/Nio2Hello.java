package bench.aio;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.channels.AsynchronousServerSocketChannel;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;
import java.util.concurrent.TimeUnit;

/**
 * The write-up's server: HTTP/1.1 hello on the JDK's asynchronous channels (NIO.2) and nothing else. One channel
 * group of a thread per CPU the process may use ({@code WORKERS} to change it) runs every completion: the accept
 * loop and each {@link Connection}. {@code PORT} (8091) is where it listens. Run: {@code java -jar
 * target/aio-nio2.jar}, then {@code curl localhost:8091/hello}.
 */
public final class Nio2Hello implements AutoCloseable {

    /** Node's default listen backlog, so neither side of the comparison drops connections the other would queue. */
    static final int BACKLOG = 511;

    private final AsynchronousChannelGroup group;
    private final AsynchronousServerSocketChannel server;

    private Nio2Hello(int port, int threads) throws IOException {
        group = AsynchronousChannelGroup.withFixedThreadPool(
                threads, Thread.ofPlatform().name("aio-", 0).factory());
        server = AsynchronousServerSocketChannel.open(group)
                .setOption(StandardSocketOptions.SO_REUSEADDR, true)
                .bind(new InetSocketAddress(port), BACKLOG);
        server.accept(null, new Acceptor());
    }

    /** Listens on {@code port} (0: any free one) with a channel group of {@code threads} threads. */
    static Nio2Hello start(int port, int threads) throws IOException {
        return new Nio2Hello(port, threads);
    }

    int port() throws IOException {
        return ((InetSocketAddress) server.getLocalAddress()).getPort();
    }

    /** Stops accepting, closes every connection and waits for the group's threads to end. */
    @Override
    public void close() throws IOException, InterruptedException {
        server.close();
        group.shutdownNow();
        group.awaitTermination(10, TimeUnit.SECONDS);
    }

    private final class Acceptor implements CompletionHandler<AsynchronousSocketChannel, Void> {
        @Override
        public void completed(AsynchronousSocketChannel channel, Void nothing) {
            server.accept(null, this);
            try {
                // Node's http server sets it too: an answer goes out when written, not with the next one.
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            } catch (IOException gone) {
                return;
            }
            new Connection(channel).start();
        }

        @Override
        public void failed(Throwable error, Void nothing) {
            if (server.isOpen()) server.accept(null, this);
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(env("PORT", "8091"));
        int threads = Integer.parseInt(
                env("WORKERS", String.valueOf(Runtime.getRuntime().availableProcessors())));
        Nio2Hello hello = start(port, threads);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                hello.close();
            } catch (IOException | InterruptedException ignored) {
                // exiting anyway
            }
        }));
        System.out.printf(
                "aio-nio2 listening on port %d, %d thread(s) in its channel group, Java %s%n",
                hello.port(), threads, Runtime.version());
        hello.group.awaitTermination(Long.MAX_VALUE, TimeUnit.DAYS);
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
