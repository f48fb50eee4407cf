package bench.contract.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import org.junit.jupiter.api.Test;

class ChatRegistryTest {

    @Test
    void aNameIsOneMembersUntilItIsReleasedByThatMember() {
        ChatRegistry<String> registry = new ChatRegistry<>();
        assertTrue(registry.claim("ann", "first"));
        assertFalse(registry.claim("ann", "second"));
        registry.release("ann", "second");
        assertFalse(registry.isFree("ann"), "only its holder frees a name");
        registry.release("ann", "first");
        assertTrue(registry.isFree("ann"));
        assertTrue(registry.claim("ann", "second"));
    }

    @Test
    void aRoomHoldsItsMembersAndIsGoneWithTheLast() {
        ChatRegistry<String> registry = new ChatRegistry<>(CopyOnWriteArraySet::new);
        registry.join("lobby", "a");
        registry.join("lobby", "b");
        registry.join("other", "c");
        assertEquals(Set.of("a", "b"), registry.members("lobby"));
        registry.leave("lobby", "a");
        registry.leave("lobby", "a");
        assertEquals(Set.of("b"), registry.members("lobby"));
        registry.leave("lobby", "b");
        assertEquals(Set.of(), registry.members("lobby"));
        registry.join("lobby", "a");
        assertEquals(Set.of("a"), registry.members("lobby"), "a room nobody is in starts again empty");
        assertEquals(Set.of("c"), registry.members("other"));
    }
}
