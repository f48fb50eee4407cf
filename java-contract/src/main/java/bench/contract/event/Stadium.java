package bench.contract.event;

/** A team's stadium. */
public record Stadium(String name) {}
