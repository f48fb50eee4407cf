package bench.spring5.event;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A team's stadium. A one-component record: the creator is pinned to properties so that a bare string is not taken
 * for a name.
 */
public record Stadium(String name) {

    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public Stadium(@JsonProperty(value = "name", required = true) String name) {
        this.name = name;
    }
}
