package bench.spring5;

import bench.contract.Environment;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The contract's environment (spec/API.md §1.1), read by java-contract's {@link Environment} as every Java stack
 * reads it, and a bean for the classes that need what Boot does not bind: the workers, the pool size for the
 * start-up line, the static root. Boot binds the port and the database settings itself, from the same variables
 * with the same defaults, in application.properties.
 */
@Configuration(proxyBeanMethods = false)
public class Settings {

    /** Its stack.json port, PORT's default (server.port's in application.properties). */
    static final int PORT = 8083;

    /** The variables, read before Spring starts too: reactor-netty sizes its event loops from them. */
    public static Environment fromEnv() {
        return Environment.read(System.getenv(), PORT);
    }

    /** Named apart from Spring's own Environment bean ("environment"). */
    @Bean
    Environment contractEnvironment() {
        return fromEnv();
    }
}
