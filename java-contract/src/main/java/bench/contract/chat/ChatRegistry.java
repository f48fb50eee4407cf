package bench.contract.chat;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The chat's names, unique across the server and free again once their holder leaves, and each room's members
 * (spec/API.md §7.2, §7.3), safe from any thread: a claim is one putIfAbsent, and a join or a leave computes its
 * room's set, so that a concurrent leave never drops a set that is being joined. A member is whatever the stack
 * relays to; how a frame reaches the members is the stack's.
 */
public class ChatRegistry<M> {

    private final ConcurrentHashMap<String, M> names = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Set<M>> rooms = new ConcurrentHashMap<>();
    private final Supplier<Set<M>> newRoom;

    /** Rooms as concurrent sets: a relay walks a room that joins and leaves may change meanwhile. */
    public ChatRegistry() {
        this(ConcurrentHashMap::newKeySet);
    }

    /** Rooms as the sets {@code newRoom} makes (copy-on-write ones, where relays far outnumber joins). */
    public ChatRegistry(Supplier<Set<M>> newRoom) {
        this.newRoom = newRoom;
    }

    /** True if the name was free and is now {@code member}'s. */
    public boolean claim(String name, M member) {
        return names.putIfAbsent(name, member) == null;
    }

    /** Frees the name if {@code member} still holds it: releasing twice never frees another member's name. */
    public void release(String name, M member) {
        names.remove(name, member);
    }

    public boolean isFree(String name) {
        return !names.containsKey(name);
    }

    public void join(String room, M member) {
        rooms.compute(room, (r, members) -> {
            Set<M> joined = members != null ? members : newRoom.get();
            joined.add(member);
            return joined;
        });
    }

    /** The room is gone with its last member. */
    public void leave(String room, M member) {
        rooms.computeIfPresent(room, (r, members) -> {
            members.remove(member);
            return members.isEmpty() ? null : members;
        });
    }

    /** The room's members, a live set the caller never changes; none for a room nobody is in. */
    public Set<M> members(String room) {
        return rooms.getOrDefault(room, Set.of());
    }
}
