'use strict';

const { EventEmitter } = require('node:events');
const test = require('node:test');
const assert = require('node:assert/strict');
const { WebSocket } = require('ws');
const { ChatConnection } = require('../src/chat-connection');
const { createLocalRooms } = require('../src/chat-rooms');

const TAKEN = '{"type":"system","message":"A user with that name already exists"}';

// A ws stand-in: records what is sent and how it was closed.
class FakeSocket extends EventEmitter {
  constructor() {
    super();
    this.readyState = WebSocket.OPEN;
    this.bufferedAmount = 0;
    this.sent = [];
    this.closeCode = null;
    this.paused = false;
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  send(frame) {
    this.sent.push(String(frame));
  }
  close(code) {
    this.closeCode = code;
    this.readyState = WebSocket.CLOSING;
  }
  receive(value, isBinary = false) {
    this.emit('message', Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)), isBinary);
  }
}

const tcp = { cork() {}, uncork() {} };
const tick = () => new Promise((resolve) => setImmediate(resolve));

function connect(rooms) {
  const ws = new FakeSocket();
  new ChatConnection(ws, rooms, tcp);
  return ws;
}

async function member(rooms, name, chat = 'room') {
  const ws = connect(rooms);
  ws.receive({ name, chat });
  await tick();
  return ws;
}

test('a registered member relays the exact text it sent to everyone in its room, itself included', async () => {
  const rooms = createLocalRooms();
  const [alice, bob, other] = [
    await member(rooms, 'a'),
    await member(rooms, 'b'),
    await member(rooms, 'c', 'x'),
  ];
  const text = '{ "name":"a", "chat":"room", "message":"hi", "extra":[1, 2.50] }';
  alice.receive(text);
  assert.deepEqual(alice.sent, [text]);
  assert.deepEqual(bob.sent, [text]);
  assert.deepEqual(other.sent, []);
});

// The frames of one read, as ws emits them: all at once, before any promise settles.
function burst(ws, frames) {
  for (const [value, isBinary] of frames) ws.receive(value, isBinary);
}

const violationThenMore = [
  [{ name: 'a', chat: 'room' }],
  [{ name: 'ax', chat: 'room', message: 'wrong name' }],
  [{ name: 'a', chat: 'room', message: 'after the violation' }],
  [{ name: 'a', chat: 'room', message: 'binary' }, true],
];
const NOT_MY_NAME = '{"type":"system","message":"name is not the registered name"}';

test('frames are dealt with in order: the first violation closes with 1008, a binary frame behind it is ignored', () => {
  const rooms = createLocalRooms();
  const ws = connect(rooms);
  burst(ws, violationThenMore);
  assert.deepEqual(ws.sent, [NOT_MY_NAME]);
  assert.equal(ws.closeCode, 1008);
});

test('frames read while an asynchronous name claim is in flight wait for it, the socket paused, then go in order', async () => {
  const rooms = createLocalRooms();
  const claim = rooms.claim;
  rooms.claim = async (name) => (await tick(), claim(name));
  const ws = connect(rooms);
  burst(ws, [
    [{ name: 'a', chat: 'room' }],
    [{ name: 'a', chat: 'room', message: 'one' }],
    [{ name: 'a', chat: 'room', message: 'two' }],
  ]);
  assert.equal(ws.paused, true);
  assert.deepEqual(ws.sent, []);
  await tick();
  await tick();
  assert.deepEqual(
    ws.sent.map((frame) => JSON.parse(frame).message),
    ['one', 'two'],
  );
  assert.equal(ws.paused, false);

  const late = connect(rooms);
  burst(
    late,
    violationThenMore.map(([frame, isBinary]) => [
      { ...frame, name: frame.name.replace('a', 'b') },
      isBinary,
    ]),
  );
  await tick();
  await tick();
  assert.deepEqual(late.sent, [NOT_MY_NAME]);
  assert.equal(late.closeCode, 1008);
  assert.equal(late.paused, false, "reads on to the peer's close");
});

test('a name already taken: the system frame, then 1008', async () => {
  const rooms = createLocalRooms();
  await member(rooms, 'a');
  const intruder = await member(rooms, 'a', 'elsewhere');
  assert.deepEqual(intruder.sent, [TAKEN]);
  assert.equal(intruder.closeCode, 1008);
});

test('a binary frame is closed with 1003', async () => {
  const ws = await member(createLocalRooms(), 'a');
  ws.receive({ name: 'a', chat: 'room', message: 'hi' }, true);
  assert.equal(ws.closeCode, 1003);
});

test('a member with more than 1 MiB unsent leaves the room with 1013; the others keep getting frames', async () => {
  const rooms = createLocalRooms();
  const [sender, slow] = [await member(rooms, 's'), await member(rooms, 'slow')];
  slow.bufferedAmount = 1024 * 1024 + 1;
  sender.receive({ name: 's', chat: 'room', message: 'one' });
  assert.equal(slow.closeCode, 1013);
  sender.receive({ name: 's', chat: 'room', message: 'two' });
  assert.equal(sender.sent.length, 2);
  assert.deepEqual(slow.sent, []);
});

test('the name is free again once the connection closes', async () => {
  const rooms = createLocalRooms();
  const ws = await member(rooms, 'a');
  ws.emit('close');
  assert.equal(rooms.claim('a'), true);
});

// ws reads up to 1 MiB of a message (chat.js); the contract's 64 KiB limit is checked here, in frame order.
test('a message over 65,536 bytes is closed with 1009 in its turn, binary or not; one of 65,536 is relayed', async () => {
  const rooms = createLocalRooms();
  const message = (name, size) => {
    const shell = JSON.stringify({ name, chat: 'room', message: '' });
    return JSON.stringify({ name, chat: 'room', message: 'm'.repeat(size - shell.length) });
  };
  const ws = await member(rooms, 'a');
  ws.receive(message('a', 65_536));
  assert.equal(ws.sent.length, 1);
  ws.receive(message('a', 65_537));
  assert.equal(ws.closeCode, 1009);
  assert.equal(ws.sent.length, 1, 'nothing relayed, no system frame');

  const binary = await member(rooms, 'b');
  binary.receive(message('b', 65_537), true);
  assert.equal(binary.closeCode, 1009);

  const claim = rooms.claim;
  rooms.claim = async (name) => (await tick(), claim(name));
  const late = connect(rooms);
  burst(late, [[{ name: 'c', chat: 'room' }], ['{"name":'], [message('c', 70_000)]]);
  await tick();
  await tick();
  assert.deepEqual(late.sent, ['{"type":"system","message":"Frames must be JSON objects"}']);
  assert.equal(late.closeCode, 1008);
});
