'use strict';

// The name registry and room fan-out behind the chat, in process memory. chat.js only uses this interface,
// so a multi-process stack can hand it a cluster-wide implementation (e.g. over IPC) instead:
//   claim(name)          → boolean or Promise<boolean>: true if the name was free and is now taken
//   release(name)        frees a claimed name
//   join(room, member)   member.deliver(frame) will receive every frame published to room
//   leave(room, member)
//   publish(room, frame) frame: the Buffer of a text frame, delivered to every member in publish order
function createLocalRooms() {
  const names = new Set();
  const rooms = new Map();

  return {
    claim(name) {
      if (names.has(name)) return false;
      names.add(name);
      return true;
    },
    release(name) {
      names.delete(name);
    },
    join(room, member) {
      if (!rooms.has(room)) rooms.set(room, new Set());
      rooms.get(room).add(member);
    },
    leave(room, member) {
      const members = rooms.get(room);
      if (!members) return;
      members.delete(member);
      if (members.size === 0) rooms.delete(room);
    },
    publish(room, frame) {
      // A member may leave during the loop (backpressure): deleting from a Set while iterating it is safe.
      for (const member of rooms.get(room) ?? []) member.deliver(frame);
    },
  };
}

module.exports = { createLocalRooms };
