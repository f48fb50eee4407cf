package bench.play.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** One team of an Event; the declared order is the canonical output order. */
@JsonPropertyOrder({"name", "country", "stadium"})
public record Team(String name, String country, Stadium stadium) {}
