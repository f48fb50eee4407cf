package bench.vertx.chat;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChatProtocolTest {
    private static final ChatProtocol.User ANN = new ChatProtocol.User("ann", "room");

    @Test
    void registrationIgnoresExtraKeys() {
        assertEquals(ANN, ChatProtocol.readRegistration("{\"name\":\"ann\",\"chat\":\"room\",\"color\":1}"));
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
                "[1]",
                "\"text\"",
                "null",
                "{\"name\":\"ann\"}",
                "{\"name\":\"\",\"chat\":\"r\"}",
                "{\"name\":1,\"chat\":\"r\"}",
                "{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"hi\"}"
            })
    void badRegistrations(String frame) {
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.readRegistration(frame));
    }

    @Test
    void nameOverSixtyFourCharacters() {
        String frame = "{\"name\":\"" + "n".repeat(65) + "\",\"chat\":\"r\"}";
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.readRegistration(frame));
    }

    @Test
    void messagesFromTheRegisteredUser() {
        assertDoesNotThrow(
                () -> ChatProtocol.checkMessage("{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"\",\"x\":2}", ANN));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"name\":\"ann\",\"chat\":\"room\"}", "{\"name\":\"bob\",\"chat\":\"room\",\"message\":\"hi\"}",
                "{\"name\":\"ann\",\"chat\":\"other\",\"message\":\"hi\"}",
                        "{\"name\":\"ann\",\"chat\":\"room\",\"message\":7}",
                "{\"name\":\"ann\",\"chat\":\"room\",\"message\":null}", "{oops"
            })
    void violationsAfterRegistration(String frame) {
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.checkMessage(frame, ANN));
    }

    @Test
    void theSystemFrame() {
        assertEquals(
                "{\"type\":\"system\",\"message\":\"A user with that name already exists\"}",
                ChatProtocol.systemFrame(ChatProtocol.TAKEN_NAME));
    }
}
