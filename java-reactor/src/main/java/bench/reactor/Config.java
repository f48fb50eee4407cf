package bench.reactor;

import java.nio.file.Path;
import java.util.Map;

/** The contract's environment variables (spec/API.md §1.1), each with its default. */
public record Config(
        int port,
        String listenHost,
        String dbHost,
        int dbPort,
        String dbName,
        String dbUser,
        String dbPassword,
        int dbPoolSize,
        Path staticRoot,
        int workers) {

    public static Config fromEnv(Map<String, String> env) {
        return new Config(
                positive(env, "PORT", 8081),
                env.getOrDefault("LISTEN_HOST", "127.0.0.1"),
                env.getOrDefault("DB_HOST", "127.0.0.1"),
                positive(env, "DB_PORT", 3307),
                env.getOrDefault("DB_NAME", "bench"),
                env.getOrDefault("DB_USER", "bench"),
                env.getOrDefault("DB_PASSWORD", "bench"),
                positive(env, "DB_POOL_SIZE", 32),
                Path.of(env.getOrDefault("STATIC_ROOT", "../.run/static"))
                        .toAbsolutePath()
                        .normalize(),
                // availableProcessors() already honours the affinity mask and the cgroup CPU quota.
                positive(env, "WORKERS", Runtime.getRuntime().availableProcessors()));
    }

    private static int positive(Map<String, String> env, String name, int fallback) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException ignored) {
            // reported below, with the variable's name
        }
        throw new IllegalArgumentException(name + " must be a positive integer, got \"" + value + "\"");
    }
}
