package bench.contract.event;

/** One team of an Event; the component order is the canonical output order. */
public record Team(String name, String country, Stadium stadium) {}
