package bench.play.event;

/** A team's stadium. */
public record Stadium(String name) {}
