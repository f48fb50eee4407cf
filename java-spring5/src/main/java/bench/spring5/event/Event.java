package bench.spring5.event;

import bench.spring5.HttpError;
import bench.spring5.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The typed event of POST /event. {@link #from} maps a JSON tree onto it with no coercion (a number is not a
 * string, null is never accepted); {@link #toCanonicalJson} writes it back in the contract's key order.
 */
public record Event(String eventName, List<Team> teams) {

  public record Team(String name, String country, Stadium stadium) {}

  public record Stadium(String name) {}

  public static Event from(JsonNode json) {
    JsonNode event = object(json, "the body");
    JsonNode teams = event.get("teams");
    if (teams == null || !teams.isArray()) {
      throw invalid("teams must be an array");
    }
    List<Team> mapped = new ArrayList<>(teams.size());
    for (int i = 0; i < teams.size(); i++) {
      mapped.add(team(teams.get(i), "teams[" + i + "]"));
    }
    return new Event(string(event, "eventName", "eventName"), mapped);
  }

  private static Team team(JsonNode json, String where) {
    JsonNode team = object(json, where);
    JsonNode stadium = object(team.get("stadium"), where + ".stadium");
    return new Team(string(team, "name", where + ".name"), string(team, "country", where + ".country"),
        new Stadium(string(stadium, "name", where + ".stadium.name")));
  }

  private static JsonNode object(JsonNode value, String where) {
    if (value == null || !value.isObject()) {
      throw invalid(where + " must be an object");
    }
    return value;
  }

  // A JSON escape can produce a lone surrogate, which has no UTF-8 encoding to echo.
  private static String string(JsonNode json, String key, String where) {
    JsonNode value = json.get(key);
    if (value == null || !value.isString()) {
      throw invalid(where + " must be a string");
    }
    String text = value.stringValue();
    if (!Json.isWellFormed(text)) {
      throw invalid(where + " contains a lone surrogate");
    }
    return text;
  }

  private static HttpError invalid(String message) {
    return HttpError.badRequest("Invalid event: " + message);
  }

  /** Compact, keys in declaration order, strings escaped as RFC 8785 does. */
  public String toCanonicalJson() {
    StringBuilder out = new StringBuilder(64 + 64 * teams.size());
    out.append("{\"eventName\":");
    Json.quote(eventName, out);
    out.append(",\"teams\":[");
    for (int i = 0; i < teams.size(); i++) {
      Team team = teams.get(i);
      out.append(i == 0 ? "{\"name\":" : ",{\"name\":");
      Json.quote(team.name(), out);
      out.append(",\"country\":");
      Json.quote(team.country(), out);
      out.append(",\"stadium\":{\"name\":");
      Json.quote(team.stadium().name(), out);
      out.append("}}");
    }
    return out.append("]}").toString();
  }
}
