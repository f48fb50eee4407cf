'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { EventEmitter } = require('node:events');
const { createClusterRooms } = require('../src/cluster-rooms');

// A fake IPC channel: records what the worker sends, lets the test play the primary.
function channel() {
  const c = new EventEmitter();
  c.connected = true;
  c.sent = [];
  c.send = (message) => c.sent.push(JSON.parse(JSON.stringify(message))); // what process.send does to it
  return c;
}
const member = () => ({
  got: [],
  deliver(frame) {
    this.got.push(frame.toString('utf8'));
  },
});

test('claim asks the primary and resolves with its answer', async () => {
  const c = channel();
  const rooms = createClusterRooms(c);
  const claim = rooms.claim('ana');
  assert.deepEqual(c.sent, [{ chat: 'claim', id: 1, name: 'ana' }]);
  c.emit('message', { chat: 'claimed', id: 1, ok: false });
  assert.equal(await claim, false);
  rooms.release('ana');
  assert.deepEqual(c.sent.at(-1), { chat: 'release', name: 'ana' });
});

test('the primary hears of a room only on its first join and its last leave', () => {
  const c = channel();
  const rooms = createClusterRooms(c);
  const [a, b] = [member(), member()];
  rooms.join('r', a);
  rooms.join('r', b);
  rooms.leave('r', a);
  rooms.leave('r', a); // chat.js may leave twice (violation, then close)
  rooms.leave('r', b);
  assert.deepEqual(c.sent, [
    { chat: 'join', room: 'r' },
    { chat: 'leave', room: 'r' },
  ]);
});

test("a published frame reaches this worker's members at once, then crosses to the primary as a UTF-8 string", () => {
  const c = channel();
  const rooms = createClusterRooms(c);
  const [a, b, elsewhere] = [member(), member(), member()];
  rooms.join('r', a);
  rooms.join('r', b);
  rooms.join('other', elsewhere);
  const text = '{"name":"a","chat":"r","message":"wörld 👋 \\u2028"}';
  rooms.publish('r', Buffer.from(text));
  // Delivered before publish returns: the sender's next frame (a violation's system frame) comes after it.
  assert.deepEqual(a.got, [text]);
  assert.deepEqual(b.got, [text]);
  assert.deepEqual(elsewhere.got, []);
  assert.deepEqual(c.sent.at(-1), { chat: 'publish', room: 'r', frame: text });
});

test("frames from other workers' members reach every local member, in arrival order", () => {
  const c = channel();
  const rooms = createClusterRooms(c);
  const [a, b] = [member(), member()];
  rooms.join('r', a);
  rooms.join('r', b);
  c.emit('message', { chat: 'frame', room: 'r', frame: 'first 👋' });
  c.emit('message', { chat: 'frame', room: 'r', frame: 'second' });
  c.emit('message', { chat: 'frame', room: 'gone', frame: 'nobody here' });
  assert.deepEqual(a.got, ['first 👋', 'second']);
  assert.deepEqual(b.got, ['first 👋', 'second']);
});

test('a lost primary fails pending claims instead of hanging them', async () => {
  const c = channel();
  const rooms = createClusterRooms(c);
  const claim = rooms.claim('ana');
  c.connected = false;
  c.emit('disconnect');
  await assert.rejects(claim);
  await assert.rejects(rooms.claim('bob'));
  rooms.release('ana'); // no throw once the channel is gone
});
