'use strict';

// The worker's side of the cluster-wide chat: node-express's rooms interface (see its chat-rooms.js) over
// the IPC channel to the primary, which holds the names and routes frames (registry.js, primary.js).
//   claim(name)          asks the primary; resolves to its answer
//   release(name)        tells the primary
//   join/leave           local members per room; the primary only hears when a room gains its first or
//                        loses its last member on this worker
//   publish(room, frame) delivers the frame to this worker's members of the room at once, the sender included,
//                        and sends it to the primary, which forwards it once to every other worker with
//                        members there; frames arriving from it go to the local members in order
// Local delivery is synchronous and each IPC channel is FIFO, the primary forwarding in receipt order, so a
// sender's messages reach every member in the order this worker received them, exactly once, and its own
// message reaches it before anything the sender's connection does next (the system frame of a violation).
// Frames cross the channel as strings: process.send JSON-encodes, and a Buffer would become an array of
// numbers. Text frames are valid UTF-8 (ws checks), so the round trip is exact.
function createClusterRooms(channel = process) {
  const local = new Map(); // room → Set of members on this worker
  const claims = new Map(); // request id → { resolve, reject }
  let nextId = 0;

  const send = (message) => {
    if (channel.connected) channel.send(message);
  };

  // A member may leave during the loop (backpressure): deleting from a Set while iterating it is safe.
  const deliver = (members, frame) => {
    for (const member of members) member.deliver(frame);
  };

  channel.on('message', (message) => {
    switch (message?.chat) {
      case 'claimed': {
        const pending = claims.get(message.id);
        claims.delete(message.id);
        pending?.resolve(message.ok);
        break;
      }
      case 'frame': {
        const members = local.get(message.room);
        if (!members) return; // the last member left while the frame was on its way
        deliver(members, Buffer.from(message.frame, 'utf8'));
        break;
      }
    }
  });

  // The primary is gone: nobody will answer, chat-connection.js closes those connections with 1011.
  channel.on('disconnect', () => {
    for (const { reject } of claims.values())
      reject(new Error('lost the IPC channel to the cluster primary'));
    claims.clear();
  });

  return {
    claim(name) {
      if (!channel.connected) return Promise.reject(new Error('no IPC channel to the cluster primary'));
      return new Promise((resolve, reject) => {
        const id = ++nextId;
        claims.set(id, { resolve, reject });
        channel.send({ chat: 'claim', id, name });
      });
    },
    release(name) {
      send({ chat: 'release', name });
    },
    join(room, member) {
      let members = local.get(room);
      if (!members) {
        local.set(room, (members = new Set()));
        send({ chat: 'join', room });
      }
      members.add(member);
    },
    leave(room, member) {
      const members = local.get(room);
      if (!members || !members.delete(member)) return;
      if (members.size === 0) {
        local.delete(room);
        send({ chat: 'leave', room });
      }
    },
    publish(room, frame) {
      const members = local.get(room);
      if (members) deliver(members, frame); // the sender's own worker first, the sender included
      send({ chat: 'publish', room, frame: frame.toString('utf8') });
    },
  };
}

module.exports = { createClusterRooms };
