package bench.mvc;

import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * What {@code workers=} means for a thread-per-request server: how many requests it runs at once. That is the
 * container's request thread pool, or on virtual threads the carrier threads they are scheduled on (one per
 * CPU: the JDK's default parallelism, which WORKERS overrides).
 */
@Component
public class RequestThreads {

    private final Environment env;

    RequestThreads(Environment env) {
        this.env = env;
    }

    public boolean virtual() {
        return env.getRequiredProperty("spring.threads.virtual.enabled", Boolean.class);
    }

    public boolean jetty() {
        return "jetty".equals(env.getProperty("bench.server"));
    }

    public int workers() {
        if (virtual()) {
            return Integer.getInteger(
                    "jdk.virtualThreadScheduler.parallelism",
                    Runtime.getRuntime().availableProcessors());
        }
        return env.getRequiredProperty(
                jetty() ? "server.jetty.threads.max" : "server.tomcat.threads.max", Integer.class);
    }
}
