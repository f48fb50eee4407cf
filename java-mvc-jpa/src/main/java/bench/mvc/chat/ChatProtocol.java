package bench.mvc.chat;

import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The TFG-WebChat v2 rules (spec/API.md §7.2–7.4) as pure functions of a frame's text. Registration is
 * {"name","chat"}, non-empty strings of at most 64 characters and no "message" key; after it, every frame is
 * {"name","chat","message"} with the registered name and room and a string message. Anything else is a
 * {@link Violation}; a message over 64 KiB is a 1009 instead. No I/O here, so every rule is unit-tested directly.
 */
final class ChatProtocol {

    static final String TAKEN_NAME = "A user with that name already exists";
    /** The largest message, in UTF-8 bytes of payload; past it the connection is closed with 1009. */
    static final int MAX_MESSAGE_BYTES = 64 * 1024;

    private static final int MAX_NAME = 64;
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private ChatProtocol() {}

    /** A registered user: the name it holds and the room it is in. */
    record User(String name, String chat) {}

    /** A frame that breaks the protocol: answered with one system frame carrying the reason, then 1008. */
    static final class Violation extends RuntimeException {
        Violation(String reason) {
            super(reason, null, false, false);
        }
    }

    /** A message over {@link #MAX_MESSAGE_BYTES}: counted only where its length in chars leaves it in doubt. */
    static boolean tooLarge(String text) {
        if (text.length() <= MAX_MESSAGE_BYTES / 3) return false; // at most 3 bytes per UTF-16 char
        if (text.length() > MAX_MESSAGE_BYTES) return true; // at least 1
        return text.getBytes(StandardCharsets.UTF_8).length > MAX_MESSAGE_BYTES;
    }

    /** The first frame of a connection. */
    static User readRegistration(String text) {
        JsonNode frame = object(text);
        if (frame.has("message")) throw new Violation("register with name and chat before sending messages");
        String name = label(frame.get("name"));
        String chat = label(frame.get("chat"));
        if (name == null || chat == null) {
            throw new Violation("name and chat must be non-empty strings of at most 64 characters");
        }
        return new User(name, chat);
    }

    /** Any later frame, from {@code user}; the frame itself is relayed as received. */
    static void checkMessage(String text, User user) {
        JsonNode frame = object(text);
        if (!frame.has("message")) throw new Violation("already registered");
        if (!is(frame.get("name"), user.name())) throw new Violation("name is not the registered one");
        if (!is(frame.get("chat"), user.chat())) throw new Violation("chat is not the registered one");
        if (!frame.get("message").isString()) throw new Violation("message must be a string");
    }

    /** The server's only own frame: {@code {"type":"system","message":…}}, in that key order. */
    record SystemFrame(String type, String message) {}

    static String systemFrame(String message) {
        return MAPPER.writeValueAsString(new SystemFrame("system", message));
    }

    private static JsonNode object(String text) {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JacksonException e) {
            throw new Violation("every frame must be a JSON object");
        }
        if (node == null || !node.isObject()) throw new Violation("every frame must be a JSON object");
        return node;
    }

    private static boolean is(@Nullable JsonNode node, String expected) {
        return node != null && node.isString() && expected.equals(node.stringValue());
    }

    private static @Nullable String label(@Nullable JsonNode node) {
        if (node == null || !node.isString()) return null;
        String s = node.stringValue();
        int length = s.codePointCount(0, s.length());
        return length > 0 && length <= MAX_NAME ? s : null;
    }
}
