package bench.contract;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The contract's environment variables (spec/API.md §1.1), each with its default; an empty one is unset. Invalid
 * numbers stop the start-up instead of being guessed at.
 */
public record Environment(
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

    /** The variables of {@code env}; {@code port} is the stack's own, from its stack.json. */
    public static Environment read(Map<String, String> env, int port) {
        return new Environment(
                integer(env, "PORT", port),
                text(env, "LISTEN_HOST", "127.0.0.1"),
                text(env, "DB_HOST", "127.0.0.1"),
                integer(env, "DB_PORT", 3307),
                text(env, "DB_NAME", "bench"),
                text(env, "DB_USER", "bench"),
                env.getOrDefault("DB_PASSWORD", "bench"),
                integer(env, "DB_POOL_SIZE", 32),
                Path.of(text(env, "STATIC_ROOT", "../.run/static"))
                        .toAbsolutePath()
                        .normalize(),
                // availableProcessors() already honours the affinity mask and the cgroup CPU quota.
                integer(env, "WORKERS", Runtime.getRuntime().availableProcessors()));
    }

    /** A variable of the stack's own (its stack.json env), upper-cased for an enum's valueOf. */
    public static String choice(Map<String, String> env, String name, String fallback) {
        return text(env, name, fallback).toUpperCase(Locale.ROOT);
    }

    private static String text(Map<String, String> env, String name, String fallback) {
        String value = env.get(name);
        return value == null || value.isEmpty() ? fallback : value;
    }

    private static int integer(Map<String, String> env, String name, int fallback) {
        String value = env.get(name);
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        if (!value.matches("[1-9][0-9]{0,8}")) {
            throw new IllegalArgumentException(name + " must be a positive integer, got \"" + value + "\"");
        }
        return Integer.parseInt(value);
    }
}
