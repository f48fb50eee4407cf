package bench.spring5.event;

import bench.spring5.Json;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The echoed document, bound by Jackson ({@link Json#bind}): every component required and non-null, no
 * coercion (a number is not a string); the declared order is the canonical output order.
 */
@JsonPropertyOrder({"eventName", "teams"})
public record Event(@JsonProperty(required = true) String eventName, @JsonProperty(required = true) List<Team> teams) {

  @JsonPropertyOrder({"name", "country", "stadium"})
  public record Team(
      @JsonProperty(required = true) String name,
      @JsonProperty(required = true) String country,
      @JsonProperty(required = true) Stadium stadium) {}

  /** A one-component record: the creator is pinned to properties so that a bare string is not taken for a name. */
  public record Stadium(String name) {
    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public Stadium(@JsonProperty(value = "name", required = true) String name) {
      this.name = name;
    }
  }

  /** Jackson decodes an escaped lone surrogate into a lone UTF-16 surrogate, which has no UTF-8 encoding to echo. */
  public boolean wellFormed() {
    if (!Json.isWellFormed(eventName)) {
      return false;
    }
    for (Team team : teams) {
      if (team == null || !Json.isWellFormed(team.name()) || !Json.isWellFormed(team.country())
          || !Json.isWellFormed(team.stadium().name())) {
        return false;
      }
    }
    return true;
  }
}
