package bench.spring5.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.spring5.chat.ChatProtocol.User;
import bench.spring5.chat.ChatProtocol.Violation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChatProtocolTest {

    private static final User ANN = new User("ann", "room");

    @Test
    void registersWithNameAndChatIgnoringOtherKeys() {
        assertThat(ChatProtocol.readRegistration("{\"name\":\"ann\",\"chat\":\"room\",\"x\":1}"))
                .isEqualTo(ANN);
        String sixtyFourEmoji = "😀".repeat(64);
        assertThat(ChatProtocol.readRegistration("{\"name\":\"" + sixtyFourEmoji + "\",\"chat\":\"r\"}")
                        .name())
                .isEqualTo(sixtyFourEmoji);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "hello",
                "[1,2]",
                "{\"name\":\"ann\"}",
                "{\"chat\":\"room\"}",
                "{\"name\":\"\",\"chat\":\"r\"}",
                "{\"name\":42,\"chat\":\"r\"}",
                "{\"name\":\"a\",\"chat\":\"r\",\"message\":\"early\"}"
            })
    void refusesBadRegistrations(String frame) {
        assertThatThrownBy(() -> ChatProtocol.readRegistration(frame)).isInstanceOf(Violation.class);
    }

    @Test
    void refusesNamesOverSixtyFourCharacters() {
        assertThatThrownBy(() -> ChatProtocol.readRegistration("{\"name\":\"" + "n".repeat(65) + "\",\"chat\":\"r\"}"))
                .isInstanceOf(Violation.class);
    }

    @Test
    void acceptsMessagesFromTheRegisteredUserOnly() {
        assertThatCode(() -> ChatProtocol.checkMessage("{\"name\":\"ann\",\"chat\":\"room\",\"message\":\"hi\"}", ANN))
                .doesNotThrowAnyException();
        for (String frame : new String[] {
            "{\"name\":\"bob\",\"chat\":\"room\",\"message\":\"hi\"}",
            "{\"name\":\"ann\",\"chat\":\"other\",\"message\":\"hi\"}",
            "{\"name\":\"ann\",\"chat\":\"room\"}",
            "{\"name\":\"ann\",\"chat\":\"room\",\"message\":42}",
            "{\"name\":"
        }) {
            assertThatThrownBy(() -> ChatProtocol.checkMessage(frame, ANN))
                    .as(frame)
                    .isInstanceOf(Violation.class);
        }
    }

    @Test
    void theSystemFrameIsJson() {
        assertThat(ChatProtocol.systemFrame(ChatProtocol.TAKEN_NAME))
                .isEqualTo("{\"type\":\"system\",\"message\":\"A user with that name already exists\"}");
    }
}
