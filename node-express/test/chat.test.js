'use strict';

const http = require('node:http');
const net = require('node:net');
const test = require('node:test');
const assert = require('node:assert/strict');
const { attachChat } = require('../src/chat');
const { createLocalRooms } = require('../src/chat-rooms');

async function chatServer(t, rooms = createLocalRooms()) {
  const server = http.createServer();
  attachChat(server, rooms);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.after(() => server.close());
  return server;
}

// node-cluster's rooms in miniature: the name claim answered a few milliseconds later.
function remoteRooms() {
  const rooms = createLocalRooms();
  const claim = rooms.claim;
  rooms.claim = (name) => new Promise((resolve) => setTimeout(() => resolve(claim(name)), 5));
  return rooms;
}

// A raw client, so that frames go out exactly as written: the upgrade, then `received` collects every byte.
async function rawPeer(server) {
  const socket = net.connect(server.address().port, '127.0.0.1');
  socket.write(
    'GET /chat HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  const peer = { socket, received: Buffer.alloc(0) };
  socket.on('data', (chunk) => (peer.received = Buffer.concat([peer.received, chunk])));
  await new Promise((resolve) => socket.once('data', resolve));
  peer.received = peer.received.subarray(peer.received.indexOf('\r\n\r\n') + 4);
  return peer;
}

// A client frame (masked with zeros), FIN set unless `fin` is false.
function frame(payload, { opcode = 1, fin = true } = {}) {
  const data = Buffer.from(payload);
  const length = data.length;
  const head =
    length < 126
      ? Buffer.from([0, 0x80 | length])
      : length < 65536
        ? Buffer.from([0, 0x80 | 126, length >> 8, length & 255])
        : Buffer.concat([Buffer.from([0, 0x80 | 127]), Buffer.alloc(8)]);
  if (length >= 65536) head.writeBigUInt64BE(BigInt(length), 2);
  head[0] = (fin ? 0x80 : 0) | opcode;
  return Buffer.concat([head, Buffer.alloc(4), data]);
}

// Writes `frames` in one go and reads the answer up to the server's close frame: its text frames and close code.
async function exchange(server, frames) {
  const peer = await rawPeer(server);
  peer.socket.write(Buffer.concat(frames));
  const texts = [];
  for (let at = 0; ;) {
    const { received } = peer;
    const length = received.length >= at + 2 ? received[at + 1] & 127 : -1;
    const start = at + (length === 127 ? 10 : length === 126 ? 4 : 2);
    const size =
      received.length < start
        ? Infinity
        : length === 127
          ? Number(received.readBigUInt64BE(at + 2))
          : length === 126
            ? received.readUInt16BE(at + 2)
            : length;
    if (length < 0 || received.length < start + size) {
      await new Promise((resolve, reject) => {
        peer.socket.once('data', resolve);
        peer.socket.once('close', () =>
          reject(new Error(`closed without a close frame (${texts.length} frames)`)),
        );
      });
      continue;
    }
    const [opcode, payload] = [received[at] & 15, received.subarray(start, start + size)];
    at = start + size;
    if (opcode === 1) texts.push(payload.toString());
    else {
      peer.socket.destroy();
      return { texts, code: payload.readUInt16BE(0) };
    }
  }
}

const registration = frame(JSON.stringify({ name: 'a', chat: 'room' }));
const message = (size) => {
  const shell = JSON.stringify({ name: 'a', chat: 'room', message: '' });
  return JSON.stringify({ name: 'a', chat: 'room', message: 'm'.repeat(size - shell.length) });
};
const NOT_JSON = { texts: ['{"type":"system","message":"Frames must be JSON objects"}'], code: 1008 };

// ws would close with 1009 itself on reading the header of a frame past its maxPayload, while the claim of the
// registration before it was still in flight: the violation in between must win all the same (spec/API.md §7.4).
for (const [what, rooms] of [
  ['in memory', createLocalRooms],
  ['behind an asynchronous claim', remoteRooms],
]) {
  test(`registration, a violation and a 70,000-byte frame in one write (${what}): system frame, then 1008`, async (t) => {
    const server = await chatServer(t, rooms());
    assert.deepEqual(
      await exchange(server, [registration, frame('{"name":'), frame('x'.repeat(70_000))]),
      NOT_JSON,
    );
    assert.deepEqual(
      await exchange(server, [frame('{"name":'), frame('x'.repeat(70_000)), frame([1], { opcode: 2 })]),
      NOT_JSON,
    );
  });

  test(`a message over 65,536 bytes that is the first violation (${what}): 1009 and no system frame`, async (t) => {
    const server = await chatServer(t, rooms());
    const exact = message(65_536);
    assert.deepEqual(
      await exchange(server, [registration, frame(exact), frame(message(65_537)), frame('{"name":')]),
      { texts: [exact], code: 1009 },
    );
    const text = message(65_537);
    const parts = [text.slice(0, 40_000), text.slice(40_000)];
    assert.deepEqual(
      await exchange(server, [
        registration,
        frame(parts[0], { fin: false }),
        frame(parts[1], { opcode: 0 }),
        frame('{"name":'),
      ]),
      { texts: [], code: 1009 },
      'fragments reassembled count as one message',
    );
    assert.deepEqual(
      await exchange(server, [registration, frame(Buffer.alloc(70_000), { opcode: 2 })]),
      { texts: [], code: 1009 },
      'too big before binary',
    );
    assert.deepEqual(await exchange(server, [frame(message(65_537))]), { texts: [], code: 1009 });
  });
}

test('a message past 1 MiB is refused by ws itself, 1009, before it is read', async (t) => {
  const server = await chatServer(t);
  const peer = await rawPeer(server);
  const header = frame(Buffer.alloc(0));
  header[1] = 0x80 | 127;
  const big = Buffer.concat([header.subarray(0, 2), Buffer.alloc(8), Buffer.alloc(4)]);
  big.writeBigUInt64BE(BigInt(1024 * 1024 + 1), 2);
  peer.socket.write(Buffer.concat([registration, big])); // the header alone: the payload never comes
  await new Promise((resolve) => peer.socket.once('close', resolve));
  assert.ok(peer.received.includes(Buffer.from([0x88, 0x02, 0x03, 0xf1])), 'the close frame, 1009');
});

// A peer that never answers the server's close frame: ws cuts the connection 2 s after sending it.
test('after a violation, a peer that does not answer the close frame is cut after 2 s', async (t) => {
  const server = await chatServer(t);
  const peer = await rawPeer(server);
  peer.socket.write(frame('[1]')); // not JSON's object
  const start = Date.now();
  await new Promise((resolve) => peer.socket.once('close', resolve));
  const elapsed = Date.now() - start;
  assert.ok(elapsed >= 1_500 && elapsed < 4_000, `cut after ${elapsed} ms`);
  assert.ok(
    peer.received.includes(Buffer.from([0x88, 0x02, 0x03, 0xf0])),
    'the close frame, 1008, was sent first',
  );
});
