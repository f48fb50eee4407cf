package bench.reactor.chat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The TFG-WebChat v2 protocol as pure functions over a frame's text. Registration is {"name","chat"}
 * (non-empty strings of at most 64 characters, no "message" key); after it, {"name","chat","message"} with
 * the registered name and room and a string message. Anything else is a {@link Violation}.
 */
final class ChatProtocol {

    public static final String TAKEN_NAME = "A user with that name already exists";
    private static final int MAX_NAME_CHARS = 64;
    private static final ObjectReader READER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build()
            .reader();

    private ChatProtocol() {}

    record User(String name, String chat) {}

    /** Answered with one system frame carrying the reason, then close 1008. */
    static final class Violation extends RuntimeException {
        Violation(String reason) {
            super(reason, null, false, false); // an answer to the peer, not a failure: no stack trace
        }
    }

    static User readRegistration(String text) {
        JsonNode frame = parse(text);
        if (frame.has("message")) {
            throw new Violation("Register with name and chat before sending messages");
        }
        return new User(identifier(frame, "name"), identifier(frame, "chat"));
    }

    /** Checks a frame from the registered user; the frame itself is relayed as received. */
    static void checkMessage(String text, User user) {
        JsonNode frame = parse(text);
        if (!frame.has("message")) {
            throw new Violation("Already registered");
        }
        if (!user.name().equals(textOf(frame, "name"))) {
            throw new Violation("name is not the registered name");
        }
        if (!user.chat().equals(textOf(frame, "chat"))) {
            throw new Violation("chat is not the registered room");
        }
        if (!frame.get("message").isTextual()) {
            throw new Violation("message must be a string");
        }
    }

    static String systemFrame(String message) {
        ObjectNode frame =
                JsonNodeFactory.instance.objectNode().put("type", "system").put("message", message);
        return frame.toString();
    }

    private static JsonNode parse(String text) {
        JsonNode frame;
        try {
            frame = READER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new Violation("Frames must be JSON objects");
        }
        if (frame == null || !frame.isObject()) {
            throw new Violation("Frames must be JSON objects");
        }
        return frame;
    }

    private static String textOf(JsonNode frame, String key) {
        JsonNode value = frame.get(key);
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    private static String identifier(JsonNode frame, String key) {
        String value = textOf(frame, key);
        if (value == null || value.isEmpty() || value.codePointCount(0, value.length()) > MAX_NAME_CHARS) {
            throw new Violation(key + " must be a non-empty string of at most " + MAX_NAME_CHARS + " characters");
        }
        return value;
    }
}
