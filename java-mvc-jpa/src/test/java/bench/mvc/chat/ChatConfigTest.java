package bench.mvc.chat;

import static org.assertj.core.api.Assertions.assertThat;

import bench.contract.chat.ChatProtocol;
import org.junit.jupiter.api.Test;

class ChatConfigTest {

    /** The container's bound is larger than the contract's, so that the handler meets such a message in its turn. */
    @Test
    void theContainerTakesMessagesPastTheContractsLimit() {
        assertThat(ChatConfig.MAX_MESSAGE).isGreaterThan(ChatProtocol.MAX_MESSAGE_BYTES);
    }
}
