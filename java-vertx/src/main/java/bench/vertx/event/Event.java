package bench.vertx.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;

/** The echoed Event (spec/API.md §5); the component order is the canonical output order. */
@JsonPropertyOrder({"eventName", "teams"})
public record Event(
        String eventName,
        @JsonSetter(contentNulls = Nulls.FAIL) List<Team> teams) {
    public Event {
        EventJson.requireWellFormed(eventName, "eventName");
        teams = List.copyOf(teams);
    }
}
