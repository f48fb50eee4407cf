package bench.spring5.event;

/** A team's stadium. */
public record Stadium(String name) {}
