'use strict';

const { WebSocket } = require('ws');
const {
  readRegistration,
  checkMessage,
  systemFrame,
  ProtocolViolation,
  TAKEN_NAME,
} = require('./chat-protocol');

// A message over this (fragments reassembled, as ws emits it) is closed with 1009 (spec/API.md §7.4).
const MAX_MESSAGE_BYTES = 64 * 1024;
// A member whose socket still holds more than this, unsent, is cut with 1013 (spec/API.md §7.5).
const MAX_BUFFERED_BYTES = 1024 * 1024;

// One WebSocket connection: unregistered, then registered as { name, chat } and a member of that room.
// `rooms` is chat-rooms.js's interface (node-cluster passes its own); it calls deliver() with every frame
// published to the room.
class ChatConnection {
  constructor(ws, rooms, socket) {
    this.ws = ws;
    this.rooms = rooms;
    this.socket = socket; // the upgraded TCP socket under ws
    this.corked = false;
    this.user = null;
    this.queued = null; // frames received while an asynchronous name claim is in flight
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('close', () => this.closed());
    ws.on('error', () => {}); // protocol errors: ws closes the socket itself (1002, 1007, 1009 past 1 MiB)
  }

  // A connection's frames are dealt with one at a time, in the order they arrive, and the first violation ends
  // it (spec/API.md §7.4): once it is closing, whatever still arrives is ignored while ws reads on to the peer's
  // close. ws emits every frame of one read at once, so while an asynchronous name claim is in flight the frames
  // already read wait in `queued`, binary and oversized ones included, and are dealt with after it in the same
  // order. That is why the 64 KiB limit is checked here and not by ws (chat.js).
  receive(data, isBinary) {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.queued) this.queued.push({ data, isBinary });
    else if (data.length > MAX_MESSAGE_BYTES) this.ws.close(1009, 'Message too big');
    else if (isBinary) this.ws.close(1003, 'Binary frames are not supported');
    else if (this.user) this.relay(data);
    else this.register(data);
  }

  register(data) {
    let user;
    try {
      user = readRegistration(data.toString());
    } catch (err) {
      return this.violation(err);
    }
    const claimed = this.rooms.claim(user.name);
    if (typeof claimed === 'boolean') return this.registered(user, claimed); // in memory: nothing to wait for
    // A remote registry (node-cluster's primary): the socket stops reading until it answers.
    this.queued = [];
    this.ws.pause();
    claimed
      .then((ok) => this.registered(user, ok))
      .catch((err) => this.fail(err))
      .finally(() => {
        const queued = this.queued;
        this.queued = null;
        for (const { data, isBinary } of queued) this.receive(data, isBinary);
        this.ws.resume(); // closing or not: ws reads on to the peer's close frame
      });
  }

  registered(user, claimed) {
    if (this.ws.readyState !== WebSocket.OPEN) {
      if (claimed) this.rooms.release(user.name); // the client left while the claim was in flight
      return;
    }
    if (!claimed) return this.violation(new ProtocolViolation(TAKEN_NAME));
    this.user = user;
    this.rooms.join(user.chat, this);
  }

  // The frame is relayed as the exact bytes received, never re-serialized.
  relay(data) {
    try {
      checkMessage(data.toString(), this.user);
    } catch (err) {
      return this.violation(err);
    }
    this.rooms.publish(this.user.chat, data);
  }

  // Called by the room for every frame published to it, this connection's own included.
  deliver(frame) {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      // A reader this slow would hold up nobody else but would grow our memory: drop it from the room now.
      this.leave();
      this.ws.close(1013, 'Too slow to keep up');
      return;
    }
    this.batch();
    this.ws.send(frame, { binary: false });
  }

  // A relay sends one frame to each member, and ws writes each to its socket at once: a syscall per delivery.
  // Corked until the current event has run, this member's frames of one read go out in one write.
  batch() {
    if (this.corked) return;
    this.corked = true;
    this.socket.cork();
    process.nextTick(() => {
      this.corked = false;
      this.socket.uncork();
    });
  }

  violation(err) {
    if (!(err instanceof ProtocolViolation)) return this.fail(err);
    this.leave();
    this.ws.send(systemFrame(err.message));
    this.ws.close(1008);
  }

  // An unexpected server error (e.g. a remote registry failing): logged once, the connection closed with 1011.
  fail(err) {
    console.error(`chat connection failed: ${err.stack || err}`);
    this.leave();
    this.ws.close(1011);
  }

  leave() {
    if (this.user) this.rooms.leave(this.user.chat, this);
  }

  closed() {
    this.leave();
    if (this.user) this.rooms.release(this.user.name);
    this.user = null;
  }
}

module.exports = { ChatConnection };
