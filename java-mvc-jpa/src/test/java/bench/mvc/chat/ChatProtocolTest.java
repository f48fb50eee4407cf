package bench.mvc.chat;

import static org.assertj.core.api.Assertions.assertThat;

import bench.mvc.chat.ChatProtocol.Register;
import bench.mvc.chat.ChatProtocol.Say;
import bench.mvc.chat.ChatProtocol.Violation;
import org.junit.jupiter.api.Test;

class ChatProtocolTest {

  @Test
  void theFirstFrameRegisters() {
    assertThat(ChatProtocol.registration("{\"name\":\"ana\",\"chat\":\"lobby\",\"extra\":1}"))
        .isEqualTo(new Register("ana", "lobby"));
    assertThat(ChatProtocol.registration("{\"name\":\"" + "😀".repeat(64) + "\",\"chat\":\"r\"}")).isInstanceOf(Register.class);
  }

  @Test
  void badRegistrationsAreViolations() {
    for (String frame : new String[] {"not json", "[]", "\"x\"", "{\"name\":\"ana\"}", "{\"name\":\"\",\"chat\":\"r\"}",
        "{\"name\":1,\"chat\":\"r\"}", "{\"name\":\"" + "a".repeat(65) + "\",\"chat\":\"r\"}",
        "{\"name\":\"ana\",\"chat\":\"r\",\"message\":\"hi\"}"}) {
      assertThat(ChatProtocol.registration(frame)).as(frame).isInstanceOf(Violation.class);
    }
  }

  @Test
  void laterFramesMustBeMessagesFromTheRegisteredNameAndRoom() {
    assertThat(ChatProtocol.message("{\"name\":\"ana\",\"chat\":\"r\",\"message\":\"hi\",\"x\":0}", "ana", "r"))
        .isInstanceOf(Say.class);
    for (String frame : new String[] {"{\"name\":\"ana\",\"chat\":\"r\"}", "{\"name\":\"bob\",\"chat\":\"r\",\"message\":\"hi\"}",
        "{\"name\":\"ana\",\"chat\":\"s\",\"message\":\"hi\"}", "{\"name\":\"ana\",\"chat\":\"r\",\"message\":5}", "nope"}) {
      assertThat(ChatProtocol.message(frame, "ana", "r")).as(frame).isInstanceOf(Violation.class);
    }
  }

  @Test
  void systemFramesKeepTheirKeyOrder() {
    assertThat(ChatProtocol.system(ChatProtocol.NAME_TAKEN))
        .isEqualTo("{\"type\":\"system\",\"message\":\"A user with that name already exists\"}");
  }
}
