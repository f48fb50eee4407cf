package bench.play.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** The echoed Event (spec/API.md §5); the declared order is the canonical output order. */
@JsonPropertyOrder({"eventName", "teams"})
public record Event(String eventName, List<Team> teams) {}
