package bench.mvc.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

@JsonPropertyOrder({"name", "country", "stadium"})
record Team(
        @JsonProperty(required = true) String name,
        @JsonProperty(required = true) String country,
        @JsonProperty(required = true) Stadium stadium) {}
