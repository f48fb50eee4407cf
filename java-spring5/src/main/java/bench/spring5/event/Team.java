package bench.spring5.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** One team of an {@link Event}; the declared order is the output order. */
@JsonPropertyOrder({"name", "country", "stadium"})
public record Team(
        @JsonProperty(required = true) String name,
        @JsonProperty(required = true) String country,
        @JsonProperty(required = true) Stadium stadium) {}
