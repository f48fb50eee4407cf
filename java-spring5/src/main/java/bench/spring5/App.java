package bench.spring5;

import bench.contract.Environment;
import io.netty.handler.codec.DecoderException;
import io.r2dbc.pool.ConnectionPool;
import java.io.IOException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;
import reactor.core.publisher.Hooks;
import reactor.netty.channel.AbortedException;

/**
 * Spring Boot WebFlux on reactor-netty: one RouterFunction for the HTTP workloads ({@link Routes}) and a
 * reactive WebSocketHandler for the chat.
 */
@SpringBootApplication(proxyBeanMethods = false)
public class App {

    private static final Log log = LogFactory.getLog(App.class);

    private final Environment settings;
    private final ConnectionPool pool;

    App(Environment settings, ConnectionPool pool) {
        this.settings = settings;
        this.pool = pool;
    }

    public static void main(String[] args) {
        // reactor-netty sizes its event loops from this property; its own default is at least 4, not the CPUs.
        System.setProperty(
                "reactor.netty.ioWorkerCount", String.valueOf(Settings.fromEnv().workers()));
        // Errors that arrive after their subscriber is gone are clients that left, reset the connection (the JDK's
        // "Connection reset", which AbortedException.isConnectionReset does not match) or broke the WebSocket protocol
        // after being answered (413 with the body unread, close 1009): nothing to report per request.
        Hooks.onErrorDropped(error -> {
            if (!(error instanceof AbortedException
                    || error instanceof IOException
                    || error instanceof DecoderException)) {
                log.warn("Error after its request completed", error);
            }
        });
        SpringApplication app = new SpringApplication(App.class);
        app.setRegisterShutdownHook(false);
        ConfigurableApplicationContext context = app.run(args);
        // A JVM stopped by SIGTERM exits with 143 even after a clean drain; the contract wants 0 once the
        // context (graceful web server shutdown, chat 1001 closes, pool) has been closed.
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            context.close();
                            Runtime.getRuntime().halt(0);
                        },
                        "shutdown"));
    }

    /** The one start-up line, once the port is bound and the pool is warm. */
    @EventListener
    void started(WebServerInitializedEvent event) {
        // Opening every connection now keeps connection set-up out of the first requests; a database that is
        // down does not stop the server (GET /health then reports DOWN and the pool retries on demand).
        pool.warmup().onErrorReturn(0).block();
        System.out.printf(
                "java-spring5 listening on port %d, workers=%d, db pool=%d, java %s%n",
                event.getWebServer().getPort(), settings.workers(), settings.dbPoolSize(), Runtime.version());
        System.out.flush();
    }
}
