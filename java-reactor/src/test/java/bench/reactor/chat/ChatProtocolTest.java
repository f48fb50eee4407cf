package bench.reactor.chat;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChatProtocolTest {

    private static final ChatProtocol.User ANA = new ChatProtocol.User("ana", "lobby");

    @Test
    void registersWithNameAndChatIgnoringOtherKeys() {
        assertEquals(ANA, ChatProtocol.readRegistration("{\"name\":\"ana\",\"chat\":\"lobby\",\"colour\":\"red\"}"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "not json",
                "[1]",
                "\"x\"",
                "null",
                "{\"name\":\"ana\"}",
                "{\"name\":\"\",\"chat\":\"lobby\"}",
                "{\"name\":1,\"chat\":\"lobby\"}",
                "{\"name\":\"ana\",\"chat\":\"lobby\",\"message\":\"hi\"}",
                "{\"name\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",\"chat\":\"lobby\"}"
            })
    void refusesBadRegistrations(String frame) {
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.readRegistration(frame));
    }

    @Test
    void sixtyFourCodePointsAreAllowed() {
        String name = "🙂".repeat(64); // 128 UTF-16 units, 64 characters
        assertEquals(
                name,
                ChatProtocol.readRegistration("{\"name\":\"" + name + "\",\"chat\":\"x\"}")
                        .name());
    }

    @Test
    void acceptsMessagesFromTheRegisteredUser() {
        assertDoesNotThrow(() ->
                ChatProtocol.checkMessage("{\"name\":\"ana\",\"chat\":\"lobby\",\"message\":\"hi\",\"x\":1}", ANA));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"name\":\"ana\",\"chat\":\"lobby\"}",
                "{\"name\":\"bob\",\"chat\":\"lobby\",\"message\":\"hi\"}",
                "{\"name\":\"ana\",\"chat\":\"hall\",\"message\":\"hi\"}",
                "{\"name\":\"ana\",\"chat\":\"lobby\",\"message\":5}",
                "{]"
            })
    void refusesEverythingElseAfterRegistration(String frame) {
        assertThrows(ChatProtocol.Violation.class, () -> ChatProtocol.checkMessage(frame, ANA));
    }

    @Test
    void systemFramesAreJson() {
        assertEquals(
                "{\"type\":\"system\",\"message\":\"A user with that name already exists\"}",
                ChatProtocol.systemFrame(ChatProtocol.TAKEN_NAME));
    }
}
