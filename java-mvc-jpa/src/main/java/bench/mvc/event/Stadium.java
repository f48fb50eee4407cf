package bench.mvc.event;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A one-component record: the creator is pinned to properties so that a bare string is not taken for a name. */
record Stadium(String name) {

    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    Stadium(@JsonProperty(value = "name", required = true) String name) {
        this.name = name;
    }
}
