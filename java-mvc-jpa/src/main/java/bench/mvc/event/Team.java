package bench.mvc.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

@JsonPropertyOrder({"name", "country", "stadium"})
record Team(String name, String country, Stadium stadium) {}
