package bench.mvc.event;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** The echoed document. Every component is required and non-null; the order is the canonical output order. */
@JsonPropertyOrder({"eventName", "teams"})
record Event(String eventName, List<Team> teams) {

    /** Jackson decodes an escaped lone surrogate into a lone UTF-16 surrogate; the contract refuses it like invalid UTF-8. */
    boolean wellFormed() {
        if (!wellFormed(eventName)) return false;
        for (Team team : teams) {
            if (team == null
                    || !wellFormed(team.name())
                    || !wellFormed(team.country())
                    || !wellFormed(team.stadium().name())) {
                return false;
            }
        }
        return true;
    }

    private static boolean wellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
