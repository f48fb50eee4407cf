package bench.mvc.event;

import bench.mvc.Utf8;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** The echoed document. Every component is required and non-null; the order is the canonical output order. */
@JsonPropertyOrder({"eventName", "teams"})
record Event(String eventName, List<Team> teams) {

    /** Jackson decodes an escaped lone surrogate into a lone UTF-16 surrogate; the contract refuses it like invalid UTF-8. */
    boolean wellFormed() {
        if (!Utf8.wellFormed(eventName)) return false;
        for (Team team : teams) {
            if (team == null
                    || !Utf8.wellFormed(team.name())
                    || !Utf8.wellFormed(team.country())
                    || !Utf8.wellFormed(team.stadium().name())) {
                return false;
            }
        }
        return true;
    }
}
