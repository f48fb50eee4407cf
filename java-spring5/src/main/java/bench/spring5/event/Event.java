package bench.spring5.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** The echoed document (spec/API.md §5), as {@link EventJson} reads it; the declared order is the output order. */
@JsonPropertyOrder({"eventName", "teams"})
public record Event(String eventName, List<Team> teams) {}
