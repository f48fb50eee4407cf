package bench.reactor.chat;

import bench.contract.chat.ChatRegistry;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Names (unique across the server) and rooms, shared by every event loop: java-contract's {@link ChatRegistry}, its
 * rooms concurrent sets that a publish walks while joins and leaves change them. Here too every open connection, so
 * that SIGTERM can close them all.
 */
public final class ChatRooms extends ChatRegistry<ChatConnection> {

    private final Set<ChatConnection> connections = ConcurrentHashMap.newKeySet();

    void opened(ChatConnection session) {
        connections.add(session);
    }

    void closed(ChatConnection session) {
        connections.remove(session);
    }

    /** Every member, the sender included, gets the same bytes. */
    void publish(String room, byte[] frame) {
        for (ChatConnection member : members(room)) {
            member.deliver(frame);
        }
    }

    /** SIGTERM: every open chat connection is closed with 1001 (going away); completes when they are gone. */
    public Mono<Void> goAway() {
        return Flux.fromIterable(List.copyOf(connections))
                .flatMap(ChatConnection::goAway)
                .then();
    }
}
