package bench.reactor.chat;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Names (unique across the server) and rooms, shared by every event loop. Lock-free maps: a claim is one
 * putIfAbsent, and a publish walks a concurrent set that joins and leaves may change meanwhile.
 */
public final class ChatRooms {

    private final ConcurrentHashMap<String, ChatConnection> names = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Set<ChatConnection>> rooms = new ConcurrentHashMap<>();
    private final Set<ChatConnection> connections = ConcurrentHashMap.newKeySet();

    void opened(ChatConnection session) {
        connections.add(session);
    }

    void closed(ChatConnection session) {
        connections.remove(session);
    }

    /** False when another connection holds the name. */
    boolean claim(String name, ChatConnection session) {
        return names.putIfAbsent(name, session) == null;
    }

    void release(String name, ChatConnection session) {
        names.remove(name, session);
    }

    void join(String room, ChatConnection session) {
        // compute, not computeIfAbsent(...).add: a concurrent leave must never drop a set that is being joined.
        rooms.compute(room, (r, members) -> {
            Set<ChatConnection> joined = members != null ? members : ConcurrentHashMap.newKeySet();
            joined.add(session);
            return joined;
        });
    }

    void leave(String room, ChatConnection session) {
        rooms.computeIfPresent(room, (r, members) -> members.remove(session) && members.isEmpty() ? null : members);
    }

    /** Every member, the sender included, gets the same bytes. */
    void publish(String room, byte[] frame) {
        Set<ChatConnection> members = rooms.get(room);
        if (members != null) {
            for (ChatConnection member : members) {
                member.deliver(frame);
            }
        }
    }

    /** SIGTERM: every open chat connection is closed with 1001 (going away); completes when they are gone. */
    public Mono<Void> goAway() {
        return Flux.fromIterable(List.copyOf(connections))
                .flatMap(ChatConnection::goAway)
                .then();
    }

    public boolean isFree(String name) {
        return !names.containsKey(name);
    }
}
