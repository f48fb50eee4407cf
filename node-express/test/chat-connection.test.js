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

test('frames sent while the name claim is in flight are relayed after it, in order', async () => {
  const rooms = createLocalRooms();
  const claim = rooms.claim;
  rooms.claim = async (name) => (await tick(), claim(name));
  const ws = connect(rooms);
  ws.receive({ name: 'a', chat: 'room' });
  ws.receive({ name: 'a', chat: 'room', message: 'one' });
  ws.receive({ name: 'a', chat: 'room', message: 'two' });
  await tick();
  await tick();
  assert.deepEqual(
    ws.sent.map((frame) => JSON.parse(frame).message),
    ['one', 'two'],
  );
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
