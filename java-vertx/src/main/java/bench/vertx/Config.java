package bench.vertx;

import java.nio.file.Path;
import java.util.Map;

/**
 * The process configuration, from environment variables only (spec/API.md §1.1), each with the contract's
 * default. Invalid numbers stop the start-up instead of being guessed at.
 */
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
        int workers,
        ChatFanout chatFanout) {

    /** How a chat room reaches its members: direct writes, or one EventBus publish per message. */
    public enum ChatFanout {
        DIRECT,
        EVENTBUS
    }

    public static Config fromEnv(Map<String, String> env) {
        return new Config(
                integer(env, "PORT", 8082),
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
                integer(env, "WORKERS", Runtime.getRuntime().availableProcessors()),
                ChatFanout.valueOf(text(env, "CHAT_FANOUT", "direct").toUpperCase(java.util.Locale.ROOT)));
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
