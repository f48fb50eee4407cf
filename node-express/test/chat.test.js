'use strict';

const http = require('node:http');
const net = require('node:net');
const test = require('node:test');
const assert = require('node:assert/strict');
const { attachChat } = require('../src/chat');
const { createLocalRooms } = require('../src/chat-rooms');

// A peer that never answers the server's close frame: ws cuts the connection 2 s after sending it.
test('after a violation, a peer that does not answer the close frame is cut after 2 s', async (t) => {
  const server = http.createServer();
  attachChat(server, createLocalRooms());
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.after(() => server.close());

  const socket = net.connect(server.address().port, '127.0.0.1');
  socket.write(
    'GET /chat HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  let received = Buffer.alloc(0);
  socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
  await new Promise((resolve) => socket.once('data', resolve));
  socket.write(Buffer.from([0x81, 0x83, 0, 0, 0, 0, ...Buffer.from('[1]')])); // masked with zeros: not JSON's object
  const start = Date.now();
  await new Promise((resolve) => socket.once('close', resolve));
  const elapsed = Date.now() - start;
  assert.ok(elapsed >= 1_500 && elapsed < 4_000, `cut after ${elapsed} ms`);
  assert.ok(
    received.includes(Buffer.from([0x88, 0x02, 0x03, 0xf0])),
    'the close frame, 1008, was sent first',
  );
});
