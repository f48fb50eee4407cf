package bench.contract.chat;

import bench.contract.JsonBuffers;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The TFG-WebChat v2 protocol as pure functions over a frame's text (spec/API.md §7.2–7.4). Registration:
 * {"name","chat"}, non-empty strings of at most 64 characters, no "message" key. After it: {"name","chat","message"}
 * with the registered name and room and a string message. Anything else is a {@link Violation}; a message over 64 KiB
 * is a 1009 instead. A frame is read in one streaming pass: one JSON object and nothing after it, a key given twice
 * taking its last value.
 */
public final class ChatProtocol {
    public static final String TAKEN_NAME = "A user with that name already exists";
    /** The largest message, in UTF-8 bytes of payload; past it the connection is closed with 1009. */
    public static final int MAX_MESSAGE_BYTES = 64 * 1024;

    private static final int MAX_NAME_CHARS = 64;
    private static final JsonFactory JSON =
            JsonFactory.builder().recyclerPool(JsonBuffers.POOL).build();

    private ChatProtocol() {}

    /** A registered user: the name it holds and the room it is in. */
    public record User(String name, String chat) {}

    /** A frame that breaks the protocol: the connection gets one system frame with the reason, then 1008. */
    public static final class Violation extends RuntimeException {
        public Violation(String reason) {
            super(reason, null, false, false); // an answer to the peer, not a failure: no stack trace
        }
    }

    /** The keys the protocol reads: each one's last value if it was a string, and whether "message" was there. */
    private record Frame(String name, String chat, boolean hasMessage, String message) {}

    public static User readRegistration(String text) {
        Frame frame = parse(text);
        if (frame.hasMessage()) {
            throw new Violation("Register with name and chat before sending messages");
        }
        return new User(identifier(frame.name(), "name"), identifier(frame.chat(), "chat"));
    }

    /** Checks a frame from a registered user; the frame itself is relayed as received. */
    public static void checkMessage(String text, User user) {
        Frame frame = parse(text);
        if (!frame.hasMessage()) {
            throw new Violation("Already registered");
        }
        if (!user.name().equals(frame.name())) {
            throw new Violation("name is not the registered name");
        }
        if (!user.chat().equals(frame.chat())) {
            throw new Violation("chat is not the registered room");
        }
        if (frame.message() == null) {
            throw new Violation("message must be a string");
        }
    }

    /** The server's only own frame: {@code {"type":"system","message":…}}, in that key order. */
    public static String systemFrame(String reason) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("type", "system");
            json.writeStringField("message", reason);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter does not fail", e);
        }
        return out.toString();
    }

    /**
     * The message's length as it travels, in UTF-8 bytes: a framework hands a text frame over as a String, decoded
     * from the bytes received (valid UTF-8, so every surrogate comes in a pair).
     */
    public static int utf8Length(String text) {
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

    private static Frame parse(String text) {
        String name = null;
        String chat = null;
        boolean hasMessage = false;
        String message = null;
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new Violation("Frames must be JSON objects");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                String value = parser.nextToken() == JsonToken.VALUE_STRING ? parser.getText() : null;
                parser.skipChildren();
                switch (key) {
                    case "name" -> name = value;
                    case "chat" -> chat = value;
                    case "message" -> {
                        hasMessage = true;
                        message = value;
                    }
                    default -> {}
                }
            }
            if (parser.nextToken() != null) {
                throw new Violation("Frames must be JSON objects");
            }
        } catch (IOException e) {
            throw new Violation("Frames must be JSON objects");
        }
        return new Frame(name, chat, hasMessage, message);
    }

    private static String identifier(String value, String key) {
        if (value == null || value.isEmpty() || value.codePointCount(0, value.length()) > MAX_NAME_CHARS) {
            throw new Violation(key + " must be a non-empty string of at most " + MAX_NAME_CHARS + " characters");
        }
        return value;
    }
}
