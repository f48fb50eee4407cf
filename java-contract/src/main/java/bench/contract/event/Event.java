package bench.contract.event;

import java.util.List;

/** The echoed Event (spec/API.md §5); the component order is the canonical output order. */
public record Event(String eventName, List<Team> teams) {}
