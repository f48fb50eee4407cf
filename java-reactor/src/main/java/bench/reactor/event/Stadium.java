package bench.reactor.event;

import java.util.Objects;

public record Stadium(String name) {

    public Stadium {
        Objects.requireNonNull(name, "name");
    }
}
