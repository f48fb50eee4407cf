package bench.spring5.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** One team of an {@link Event}; the declared order is the output order. */
@JsonPropertyOrder({"name", "country", "stadium"})
public record Team(String name, String country, Stadium stadium) {}
