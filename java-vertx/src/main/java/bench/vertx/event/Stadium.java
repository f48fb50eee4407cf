package bench.vertx.event;

/** A team's stadium. */
public record Stadium(String name) {}
