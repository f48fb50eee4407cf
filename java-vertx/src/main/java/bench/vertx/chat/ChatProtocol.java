package bench.vertx.chat;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.vertx.core.json.JsonObject;

/**
 * The TFG-WebChat v2 protocol as pure functions over a frame's text (spec/API.md §7.2–7.4).
 * Registration: {"name","chat"}, non-empty strings of at most 64 characters, no "message" key.
 * After it: {"name","chat","message"} with the registered name and room and a string message.
 */
public final class ChatProtocol {
    public static final String TAKEN_NAME = "A user with that name already exists";
    private static final int MAX_NAME_CHARS = 64;
    private static final ObjectReader READER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build()
            .readerFor(JsonNode.class);

    /** A registered user: the name it holds and the room it is in. */
    public record User(String name, String chat) {}

    /** A frame that breaks the protocol: the connection gets one system frame with the reason, then 1008. */
    public static final class Violation extends RuntimeException {
        public Violation(String reason) {
            super(reason, null, false, false);
        }
    }

    private ChatProtocol() {}

    public static User readRegistration(String text) {
        JsonNode frame = parse(text);
        if (frame.has("message")) {
            throw new Violation("Register with name and chat before sending messages");
        }
        return new User(identifier(frame, "name"), identifier(frame, "chat"));
    }

    /** Checks a frame from a registered user; the frame itself is relayed as received. */
    public static void checkMessage(String text, User user) {
        JsonNode frame = parse(text);
        if (!frame.has("message")) {
            throw new Violation("Already registered");
        }
        if (!frame.path("name").isTextual() || !frame.get("name").textValue().equals(user.name())) {
            throw new Violation("name is not the registered name");
        }
        if (!frame.path("chat").isTextual() || !frame.get("chat").textValue().equals(user.chat())) {
            throw new Violation("chat is not the registered room");
        }
        if (!frame.get("message").isTextual()) {
            throw new Violation("message must be a string");
        }
    }

    public static String systemFrame(String reason) {
        return new JsonObject().put("type", "system").put("message", reason).encode();
    }

    private static JsonNode parse(String text) {
        JsonNode frame;
        try {
            frame = READER.readValue(text);
        } catch (JacksonException e) {
            throw new Violation("Frames must be JSON objects");
        }
        if (frame == null || !frame.isObject()) {
            throw new Violation("Frames must be JSON objects");
        }
        return frame;
    }

    private static String identifier(JsonNode frame, String key) {
        JsonNode value = frame.get(key);
        if (value == null
                || !value.isTextual()
                || value.textValue().isEmpty()
                || value.textValue().codePointCount(0, value.textValue().length()) > MAX_NAME_CHARS) {
            throw new Violation(key + " must be a non-empty string of at most " + MAX_NAME_CHARS + " characters");
        }
        return value.textValue();
    }
}
