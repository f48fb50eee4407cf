package bench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EnvironmentTest {

    @Test
    void eachVariableHasItsDefaultAndAnEmptyOneIsUnset() {
        Environment env = Environment.read(Map.of("LISTEN_HOST", "", "DB_PASSWORD", ""), 8081);
        assertEquals(8081, env.port());
        assertEquals("127.0.0.1", env.listenHost());
        assertEquals(3307, env.dbPort());
        assertEquals("bench", env.dbName());
        assertEquals("", env.dbPassword(), "an empty password is a password");
        assertEquals(32, env.dbPoolSize());
        assertEquals(Path.of("../.run/static").toAbsolutePath().normalize(), env.staticRoot());
        assertEquals(Runtime.getRuntime().availableProcessors(), env.workers());
    }

    @Test
    void givenVariablesWin() {
        Environment env = Environment.read(
                Map.of(
                        "PORT",
                        "9000",
                        "DB_HOST",
                        "db",
                        "DB_POOL_SIZE",
                        "4",
                        "STATIC_ROOT",
                        "/srv/static",
                        "WORKERS",
                        "2"),
                8081);
        assertEquals(9000, env.port());
        assertEquals("db", env.dbHost());
        assertEquals(4, env.dbPoolSize());
        assertEquals(Path.of("/srv/static"), env.staticRoot());
        assertEquals(2, env.workers());
        assertEquals("EVENTBUS", Environment.choice(Map.of("CHAT_FANOUT", "eventbus"), "CHAT_FANOUT", "direct"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "+5", " 5", "5 ", "05", "1e3", "x", "9999999999"})
    void aNumberThatIsNotAPositiveIntegerStopsTheStartUp(String value) {
        assertThrows(IllegalArgumentException.class, () -> Environment.read(Map.of("DB_PORT", value), 8081));
    }
}
