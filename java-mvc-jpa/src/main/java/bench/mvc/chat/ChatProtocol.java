package bench.mvc.chat;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The TFG-WebChat v2 rules (spec/API.md §7.2–7.4) as pure functions of a frame's text: what a frame means for a
 * connection that has, or has not yet, registered. No I/O here, so every rule is unit-tested directly.
 */
final class ChatProtocol {

  static final int MAX_NAME = 64;
  static final String NAME_TAKEN = "A user with that name already exists";

  sealed interface Frame permits Register, Say, Violation {}

  record Register(String name, String chat) implements Frame {}

  record Say() implements Frame {}

  record Violation(String reason) implements Frame {}

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private ChatProtocol() {}

  /** The first frame of a connection. */
  static Frame registration(String text) {
    JsonNode frame = object(text);
    if (frame == null) return new Violation("every frame must be a JSON object");
    if (frame.has("message")) return new Violation("register with name and chat before sending messages");
    String name = label(frame.get("name"));
    String chat = label(frame.get("chat"));
    if (name == null || chat == null) {
      return new Violation("name and chat must be non-empty strings of at most 64 characters");
    }
    return new Register(name, chat);
  }

  /** Any later frame, from a connection registered as {@code name} in {@code chat}. */
  static Frame message(String text, String name, String chat) {
    JsonNode frame = object(text);
    if (frame == null) return new Violation("every frame must be a JSON object");
    if (!frame.has("message")) return new Violation("already registered");
    JsonNode from = frame.get("name");
    JsonNode room = frame.get("chat");
    if (from == null || !from.isString() || !name.equals(from.stringValue())) return new Violation("name is not the registered one");
    if (room == null || !room.isString() || !chat.equals(room.stringValue())) return new Violation("chat is not the registered one");
    if (!frame.get("message").isString()) return new Violation("message must be a string");
    return new Say();
  }

  /** The server's only own frame: {@code {"type":"system","message":…}}, in that key order. */
  record SystemFrame(String type, String message) {}

  static String system(String reason) {
    return MAPPER.writeValueAsString(new SystemFrame("system", reason));
  }

  private static JsonNode object(String text) {
    try {
      JsonNode node = MAPPER.readTree(text);
      return node != null && node.isObject() ? node : null;
    } catch (JacksonException e) {
      return null;
    }
  }

  private static String label(JsonNode node) {
    if (node == null || !node.isString()) return null;
    String s = node.stringValue();
    int length = s.codePointCount(0, s.length());
    return length > 0 && length <= MAX_NAME ? s : null;
  }
}
