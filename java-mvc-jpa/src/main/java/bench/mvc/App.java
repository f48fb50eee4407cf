package bench.mvc;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;

/**
 * The java-mvc-jpa stack: Spring Boot WebMVC and Spring Data JPA, each request on a virtual thread of its own. The
 * same jar runs on Tomcat (default) or on Jetty ({@code SERVER=jetty}), and on a pool of platform threads instead
 * ({@code SPRING_THREADS_VIRTUAL_ENABLED=false}).
 */
@SpringBootApplication
public class App {

    public static void main(String[] args) {
        // WORKERS sizes the virtual threads' carrier threads; it must be set before the first virtual thread starts.
        String workers = System.getenv("WORKERS");
        if (workers != null && !workers.isBlank()) {
            System.setProperty("jdk.virtualThreadScheduler.parallelism", workers.strip());
        }
        SpringApplication app = new SpringApplication(App.class);
        // Our own hook instead of Boot's: the JVM reports 143 after SIGTERM, the contract wants 0 once drained.
        app.setRegisterShutdownHook(false);
        ConfigurableApplicationContext context = app.run(args);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("drain").unstarted(() -> {
            context.close();
            Runtime.getRuntime().halt(0);
        }));
    }

    /** Published once the server has bound its port (never in mock-server slice tests). */
    @EventListener
    void listening(WebServerInitializedEvent event) {
        var pool = event.getApplicationContext().getBean(HikariDataSource.class);
        var threads = event.getApplicationContext().getBean(RequestThreads.class);
        System.out.printf(
                "java-mvc-jpa listening on port %d, workers=%d, db pool=%d, java %s%n",
                event.getWebServer().getPort(), threads.workers(), pool.getMaximumPoolSize(), Runtime.version());
        System.out.flush();
    }
}
