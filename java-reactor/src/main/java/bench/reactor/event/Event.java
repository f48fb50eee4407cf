package bench.reactor.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/** The echoed event; the property order is the canonical output order. */
@JsonPropertyOrder({"eventName", "teams"})
public record Event(String eventName, List<Team> teams) {

    public Event {
        Objects.requireNonNull(eventName, "eventName");
        Objects.requireNonNull(teams, "teams");
    }
}
