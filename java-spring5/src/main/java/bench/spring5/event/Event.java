package bench.spring5.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** The echoed document (spec/API.md §5): every component required; the declared order is the output order. */
@JsonPropertyOrder({"eventName", "teams"})
public record Event(
        @JsonProperty(required = true) String eventName,
        @JsonProperty(required = true) List<Team> teams) {}
