package bench.spring5.chat;

import bench.spring5.Json;
import tools.jackson.databind.JsonNode;

/**
 * The TFG-WebChat v2 protocol (spec/API.md §7.2–7.4) as pure functions over a frame's text. Registration is
 * {"name","chat"} (non-empty strings of at most 64 code points, no "message" key); after it, every frame is
 * {"name","chat","message"} with the registered name and room and a string message.
 */
final class ChatProtocol {

    static final String TAKEN_NAME = "A user with that name already exists";
    private static final int MAX_NAME_CHARS = 64;

    record User(String name, String chat) {}

    /** A frame that breaks the protocol: answered with one system frame, then close 1008. */
    static final class Violation extends RuntimeException {
        Violation(String message) {
            super(message, null, false, false);
        }
    }

    private ChatProtocol() {}

    /** The first frame: the user it registers. */
    static User readRegistration(String text) {
        JsonNode frame = object(text);
        if (frame.has("message")) {
            throw new Violation("Register with name and chat before sending messages");
        }
        return new User(identifier(frame.get("name"), "name"), identifier(frame.get("chat"), "chat"));
    }

    /** Checks a registered user's frame; the frame itself is relayed as received, so nothing is returned. */
    static void checkMessage(String text, User user) {
        JsonNode frame = object(text);
        JsonNode message = frame.get("message");
        if (message == null) {
            throw new Violation("Already registered");
        }
        if (!isString(frame.get("name"), user.name())) {
            throw new Violation("name is not the registered name");
        }
        if (!isString(frame.get("chat"), user.chat())) {
            throw new Violation("chat is not the registered room");
        }
        if (!message.isString()) {
            throw new Violation("message must be a string");
        }
    }

    /** The frame that tells a client why it is closed: {"type":"system","message":...}. */
    static String systemFrame(String message) {
        return "{\"type\":\"system\",\"message\":" + Json.quote(message) + "}";
    }

    private static JsonNode object(String text) {
        JsonNode frame = Json.parseOrNull(text);
        if (frame == null || !frame.isObject()) {
            throw new Violation("Frames must be JSON objects");
        }
        return frame;
    }

    private static boolean isString(JsonNode value, String expected) {
        return value != null && value.isString() && value.stringValue().equals(expected);
    }

    private static String identifier(JsonNode value, String key) {
        if (value == null
                || !value.isString()
                || value.stringValue().isEmpty()
                || value.stringValue().codePointCount(0, value.stringValue().length()) > MAX_NAME_CHARS) {
            throw new Violation(key + " must be a non-empty string of at most " + MAX_NAME_CHARS + " characters");
        }
        return value.stringValue();
    }
}
