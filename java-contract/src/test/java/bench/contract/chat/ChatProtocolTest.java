package bench.contract.chat;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChatProtocolTest {
    private static final ChatProtocol.User ANN = new ChatProtocol.User("ann", "room");

    @Test
    void registrationIgnoresExtraKeys() {
        assertEquals(ANN, ChatProtocol.readRegistration("{\"name\":\"ann\",\"chat\":\"room\",\"color\":1}"));
        assertEquals(ANN, ChatProtocol.readRegistration("{\"name\":1,\"name\":\"ann\",\"chat\":\"room\"}"));
        String longest = "🙂".repeat(64);
        assertEquals(
                longest,
                ChatProtocol.readRegistration("{\"name\":\"" + longest + "\",\"chat\":\"r\"}")
                        .name());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "not json",
                "",
                "[1]",
                "\"text\"",
                "null",
                "{\"name\":\"ann\",\"chat\":\"room\"} {}",
                "{\"name\":\"ann\"}",
                "{\"chat\":\"room\"}",
                "{\"name\":\"\",\"chat\":\"r\"}",
                "{\"name\":\"ann\",\"chat\":\"\"}",
                "{\"name\":1,\"chat\":\"r\"}",
                "{\"name\":\"ann\",\"chat\":[\"room\"]}",
                "{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"hi\"}",
                "{\"name\":\"ann\",\"chat\":\"room\",\"message\":null}",
                "{]",
                "[]",
                "hello",
                "[1,2]",
                "{\"name\":\"ann\",\"name\":1,\"chat\":\"room\"}"
            })
    void badRegistrations(String frame) {
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.readRegistration(frame));
    }

    @Test
    void namesAndRoomsOverSixtyFourCharacters() {
        String name = "{\"name\":\"" + "n".repeat(65) + "\",\"chat\":\"r\"}";
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.readRegistration(name));
        String room = "{\"name\":\"ann\",\"chat\":\"" + "🙂".repeat(65) + "\"}";
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.readRegistration(room));
    }

    @Test
    void messagesFromTheRegisteredUser() {
        assertDoesNotThrow(
                () -> ChatProtocol.checkMessage("{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"\",\"x\":2}", ANN));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"name\":\"ann\",\"chat\":\"room\"}",
                "{\"name\":\"bob\",\"chat\":\"room\",\"message\":\"hi\"}",
                "{\"chat\":\"room\",\"message\":\"hi\"}",
                "{\"name\":\"ann\",\"chat\":\"other\",\"message\":\"hi\"}",
                "{\"name\":\"ann\",\"chat\":7,\"message\":\"hi\"}",
                "{\"name\":\"ann\",\"chat\":\"room\",\"message\":7}",
                "{\"name\":\"ann\",\"chat\":\"room\",\"message\":null}",
                "[\"ann\",\"room\",\"hi\"]",
                "{oops",
                "{\"name\":",
                "nope"
            })
    void violationsAfterRegistration(String frame) {
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.checkMessage(frame, ANN));
    }

    @Test
    void aViolationSaysWhyWithoutAStackTrace() {
        ChatProtocol.Violation violation = assertThrows(
                ChatProtocol.Violation.class,
                () -> ChatProtocol.checkMessage("{\"name\":\"ann\",\"chat\":\"x\",\"message\":\"hi\"}", ANN));
        assertEquals("chat is not the registered room", violation.getMessage());
        assertEquals(0, violation.getStackTrace().length);
    }

    @Test
    void theSystemFrame() {
        assertEquals(
                "{\"type\":\"system\",\"message\":\"A user with that name already exists\"}",
                ChatProtocol.systemFrame(ChatProtocol.TAKEN_NAME));
        assertEquals("{\"type\":\"system\",\"message\":\"say \\\"why\\\"\"}", ChatProtocol.systemFrame("say \"why\""));
    }

    /** The 64 KiB limit and the outbound bound count UTF-8 bytes, as they travel, not chars. */
    @ParameterizedTest
    @ValueSource(strings = {"", "ascii", "é", "€uro", "🙂", "a😀é€\u007f\u0080\u07ff\u0800\uffff", "\u2028 tab\t"})
    void utf8LengthIsTheEncodedLength(String text) {
        assertEquals(text.getBytes(StandardCharsets.UTF_8).length, ChatProtocol.utf8Length(text));
    }

    @Test
    void theMessageLimitIsSixtyFourKibibytesOfUtf8() {
        assertEquals(65_536, ChatProtocol.MAX_MESSAGE_BYTES);
        assertEquals(65_536, ChatProtocol.utf8Length("é".repeat(32_768)));
        assertEquals(65_538, ChatProtocol.utf8Length("€".repeat(21_846)));
        assertEquals(65_536, ChatProtocol.utf8Length("😀".repeat(16_384)));
        assertEquals(65_537, ChatProtocol.utf8Length("x".repeat(65_537)));
        assertEquals(65_537, ChatProtocol.utf8Length("é".repeat(32_768) + "x"));
        assertEquals(65_535, ChatProtocol.utf8Length("€".repeat(21_845)));
    }
}
