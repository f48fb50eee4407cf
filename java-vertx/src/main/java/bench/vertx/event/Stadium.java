package bench.vertx.event;

/** A team's stadium. */
public record Stadium(String name) {
    public Stadium {
        EventJson.requireWellFormed(name, "stadium.name");
    }
}
