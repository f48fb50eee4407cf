package bench.play.chat;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * The TFG-WebChat v2 protocol as pure functions over a frame's text (spec/API.md §7.2–7.4). Registration:
 * {"name","chat"}, non-empty strings of at most 64 characters, no "message" key. After it: {"name","chat","message"}
 * with the registered name and room and a string message. Anything else is a {@link Violation}; a message over 64 KiB
 * is a 1009 instead.
 */
final class ChatProtocol {
    static final String TAKEN_NAME = "A user with that name already exists";
    /** The largest message, in UTF-8 bytes of payload; past it the connection is closed with 1009. */
    static final int MAX_MESSAGE_BYTES = 64 * 1024;

    private static final int MAX_NAME_CHARS = 64;
    private static final ObjectReader READER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build()
            .readerFor(JsonNode.class);

    private ChatProtocol() {}

    /** A registered user: the name it holds and the room it is in. */
    record User(String name, String chat) {}

    /** A frame that breaks the protocol: the connection gets one system frame with the reason, then 1008. */
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

    /** Checks a frame from a registered user; the frame itself is relayed as received. */
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

    static String systemFrame(String reason) {
        return JsonNodeFactory.instance
                .objectNode()
                .put("type", "system")
                .put("message", reason)
                .toString();
    }

    /**
     * The message's length as it travels, in UTF-8 bytes: Play hands a text frame over as a String, decoded from the
     * bytes received (valid UTF-8, so every surrogate comes in a pair).
     */
    static int utf8Length(String text) {
        int bytes = text.length();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                // 2 bytes below U+0800, 3 above; a surrogate pair is 4 bytes for its 2 chars
                bytes += c < 0x800 || Character.isSurrogate(c) ? 1 : 2;
            }
        }
        return bytes;
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
