package bench.reactor.chat;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChatRoomsTest {

    @Test
    void namesAreUniqueUntilReleasedByTheirHolder() {
        ChatRooms rooms = new ChatRooms();
        ChatConnection ana = new ChatConnection(rooms);
        ChatConnection other = new ChatConnection(rooms);
        assertTrue(rooms.claim("ana", ana));
        assertFalse(rooms.claim("ana", other));
        rooms.release("ana", other); // not its name: nothing happens
        assertFalse(rooms.isFree("ana"));
        rooms.release("ana", ana);
        assertTrue(rooms.isFree("ana"));
        assertTrue(rooms.claim("ana", other));
    }
}
