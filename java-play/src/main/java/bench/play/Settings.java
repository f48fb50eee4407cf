package bench.play;

import com.typesafe.config.Config;
import java.nio.file.Path;

/**
 * The contract's settings (spec/API.md §1.1) that Play itself does not read, from application.conf's {@code bench}
 * block, where each comes from its environment variable. Play's own settings (port, pool, dispatchers) stay in
 * application.conf.
 */
public record Settings(Path staticRoot, int dbPoolSize) {
    static Settings from(Config config) {
        return new Settings(
                Path.of(config.getString("bench.static-root")).toAbsolutePath().normalize(),
                config.getInt("db.default.pool-size"));
    }
}
