package bench.spring5;

import java.nio.file.Path;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The settings that are not Boot properties (spec/API.md §1.1). The database and port settings are Boot's
 * own properties, bound from the same environment variables in application.properties.
 */
public record Settings(int workers, int dbPoolSize, Path staticRoot) {

    public static Settings fromEnv() {
        return new Settings(
                positive("WORKERS", Runtime.getRuntime().availableProcessors()),
                positive("DB_POOL_SIZE", 32),
                Path.of(System.getenv().getOrDefault("STATIC_ROOT", "../.run/static"))
                        .toAbsolutePath());
    }

    private static int positive(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        int parsed = Integer.parseInt(value.trim());
        if (parsed < 1) {
            throw new IllegalArgumentException(name + " must be a positive integer, got " + value);
        }
        return parsed;
    }

    @Configuration(proxyBeanMethods = false)
    static class FromEnvironment {
        @Bean
        Settings settings() {
            return Settings.fromEnv();
        }
    }
}
