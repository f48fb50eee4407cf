package bench.mvc.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import bench.mvc.chat.ChatProtocol.User;
import bench.mvc.chat.ChatProtocol.Violation;
import org.junit.jupiter.api.Test;

class ChatProtocolTest {

    private static final User ANA = new User("ana", "r");

    @Test
    void theFirstFrameRegisters() {
        assertThat(ChatProtocol.readRegistration("{\"name\":\"ana\",\"chat\":\"lobby\",\"extra\":1}"))
                .isEqualTo(new User("ana", "lobby"));
        assertThat(ChatProtocol.readRegistration("{\"name\":\"" + "😀".repeat(64) + "\",\"chat\":\"r\"}")
                        .name())
                .hasSize(128);
    }

    @Test
    void aMessageOver64KibOfUtf8IsTooLarge() {
        // The limit is the contract's, in bytes of payload: the container's own bound is larger (ChatConfig), so
        // that the handler meets such a message in its turn.
        assertThat(ChatConfig.MAX_MESSAGE).isGreaterThan(ChatProtocol.MAX_MESSAGE_BYTES);
        assertThat(ChatProtocol.tooLarge("x".repeat(65_536))).isFalse();
        assertThat(ChatProtocol.tooLarge("x".repeat(65_537))).isTrue();
        assertThat(ChatProtocol.tooLarge("é".repeat(32_768))).isFalse(); // 2 bytes each: 65,536
        assertThat(ChatProtocol.tooLarge("é".repeat(32_768) + "x")).isTrue();
        assertThat(ChatProtocol.tooLarge("😀".repeat(16_384))).isFalse(); // 4 bytes per pair
        assertThat(ChatProtocol.tooLarge("€".repeat(21_846))).isTrue(); // 3 bytes each: 65,538
        assertThat(ChatProtocol.tooLarge("€".repeat(21_845))).isFalse();
    }

    @Test
    void badRegistrationsAreViolations() {
        for (String frame : new String[] {
            "not json",
            "[]",
            "\"x\"",
            "{\"name\":\"ana\"}",
            "{\"name\":\"\",\"chat\":\"r\"}",
            "{\"name\":1,\"chat\":\"r\"}",
            "{\"name\":\"" + "a".repeat(65) + "\",\"chat\":\"r\"}",
            "{\"name\":\"ana\",\"chat\":\"r\",\"message\":\"hi\"}"
        }) {
            assertThatThrownBy(() -> ChatProtocol.readRegistration(frame))
                    .as(frame)
                    .isInstanceOf(Violation.class)
                    .hasNoCause();
        }
    }

    @Test
    void laterFramesMustBeMessagesFromTheRegisteredNameAndRoom() {
        ChatProtocol.checkMessage("{\"name\":\"ana\",\"chat\":\"r\",\"message\":\"hi\",\"x\":0}", ANA);
        for (String frame : new String[] {
            "{\"name\":\"ana\",\"chat\":\"r\"}",
            "{\"name\":\"bob\",\"chat\":\"r\",\"message\":\"hi\"}",
            "{\"name\":\"ana\",\"chat\":\"s\",\"message\":\"hi\"}",
            "{\"name\":\"ana\",\"chat\":\"r\",\"message\":5}",
            "nope"
        }) {
            assertThatThrownBy(() -> ChatProtocol.checkMessage(frame, ANA))
                    .as(frame)
                    .isInstanceOf(Violation.class);
        }
    }

    @Test
    void aViolationSaysWhy() {
        assertThatThrownBy(() -> ChatProtocol.checkMessage("{\"name\":\"ana\",\"chat\":\"s\",\"message\":\"hi\"}", ANA))
                .hasMessage("chat is not the registered one");
        assertThat(new Violation("x").getStackTrace()).isEmpty();
    }

    @Test
    void systemFramesKeepTheirKeyOrder() {
        assertThat(ChatProtocol.systemFrame(ChatProtocol.TAKEN_NAME))
                .isEqualTo("{\"type\":\"system\",\"message\":\"A user with that name already exists\"}");
    }
}
