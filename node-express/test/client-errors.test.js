'use strict';

const http = require('node:http');
const net = require('node:net');
const test = require('node:test');
const assert = require('node:assert/strict');
const { answerClientError, clientErrorAnswer, trackAnswer } = require('../src/client-errors');

// A server that answers 200 once it has read a request's body (as POST /event does), or after `delayMs`; with
// `unread`, at once without reading it (as GET /hello does).
async function server(t, { delayMs = 0, unread = false } = {}) {
  const server = http.createServer((req, res) =>
    unread ? res.end('ok') : req.resume().on('end', () => setTimeout(() => res.end('ok'), delayMs)),
  );
  server.on('request', trackAnswer);
  server.on('clientError', answerClientError);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.after(() => server.close());
  return server;
}

const CANARY = 'GET /canary HTTP/1.1\r\nHost: x\r\n\r\n';

// Writes `bytes` on a new connection; resolves with what came back once the server has closed it.
function exchange(server, bytes) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.address().port, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', (err) => (received ? undefined : reject(err)));
    socket.setTimeout(2_000, () => socket.destroy(new Error(`still open after: ${received}`)));
  });
}

// The status of each response in `received`.
const statuses = (received) => [...received.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => Number(m[1]));

test('a body whose length cannot be known: one 400 with Date and the JSON error body, then close', async (t) => {
  const s = await server(t);
  const post = (fields, body) => `POST /event HTTP/1.1\r\nHost: x\r\n${fields}\r\n\r\n${body}${CANARY}`;
  for (const bytes of [
    post('Content-Length: abc', '{}'),
    post('Content-Length: 2\r\nContent-Length: 3', '{}'),
    post('Transfer-Encoding: chunked\r\nContent-Length: 5', '0\r\n\r\n'),
    post('Transfer-Encoding: gzip', '{}'), // refused once the request has gone to its handler
    post('Transfer-Encoding: chunked', '0x1c\r\nxx\r\n0\r\n\r\n'),
  ]) {
    const received = await exchange(s, bytes);
    assert.deepEqual(statuses(received), [400], received);
    assert.match(received, /^Date: \w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT\r$/m);
    assert.match(received, /^Content-Type: application\/json/m);
    assert.match(received, /\r\n\r\n\{"error":"[^"]+"\}$/);
  }
});

test('versions: another major one is a 505, a higher minor one or another form a 400', async (t) => {
  const s = await server(t);
  for (const [version, status] of [
    ['HTTP/3.0', 505],
    ['HTTP/1.2', 400],
    ['HTTP/1', 400],
    ['HTTP/1.1.1', 400],
    ['http/1.1', 400],
  ]) {
    const received = await exchange(s, `GET /hello ${version}\r\nHost: x\r\n\r\n${CANARY}`);
    assert.deepEqual(statuses(received), [status], version);
  }
});

test("a method Node's parser does not know is a 501; bytes that are no request line a 400", async (t) => {
  const s = await server(t);
  assert.deepEqual(statuses(await exchange(s, `BREW /hello HTTP/1.1\r\nHost: x\r\n\r\n${CANARY}`)), [501]);
  // After an empty line, which is no request (RFC 9112 §2.2): the method is the request line's first token.
  assert.deepEqual(statuses(await exchange(s, `\r\nget /hello HTTP/1.1\r\nHost: x\r\n\r\n${CANARY}`)), [501]);
  assert.deepEqual(statuses(await exchange(s, '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03')), [400]);
});

test('bytes after a request with Connection: close are not read, and do not displace its answer', async (t) => {
  const s = await server(t, { delayMs: 20 });
  const received = await exchange(s, `GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n${CANARY}`);
  assert.deepEqual(statuses(received), [200], received);
});

test('the failed line is found in a read that holds earlier requests too', () => {
  const rawPacket = Buffer.from(`${CANARY}\r\nGET /hello HTTP/4.0\r\nHost: x\r\n\r\n`);
  const bytesParsed = rawPacket.indexOf('HTTP/4.0') + 8;
  assert.deepEqual(clientErrorAnswer({ code: 'HPE_INVALID_VERSION', rawPacket, bytesParsed })[0], 505);
  assert.equal(clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW' })[0], 431);
  assert.equal(clientErrorAnswer({ code: 'ERR_HTTP_REQUEST_TIMEOUT' })[0], 408);
});

test('a request answered before its broken body was read gets that one answer, then the close: no second status line', async (t) => {
  const s = await server(t, { unread: true });
  const get = `GET /hello HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nxx\r\n0\r\n\r\n${CANARY}`;
  // Not statuses(): a second status line would follow the first body on the same line.
  const received = await exchange(s, get);
  assert.deepEqual(
    [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1])),
    [200],
    received,
  );
});
