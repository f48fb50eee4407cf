'use strict';

const http = require('node:http');
const os = require('node:os');
const test = require('node:test');
const assert = require('node:assert/strict');
const { createApp } = require('../src/app');

// The route table with no database behind it: only routes that never reach one are asked.
async function appServer(t) {
  const server = http.createServer(createApp({ db: { sequelize: {} }, staticRoot: os.tmpdir() }));
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.after(() => server.close());
  return server;
}

// node:http, not fetch: fetch drops a fragment from the URL before sending it.
function send(server, method, path) {
  return new Promise((resolve, reject) =>
    http
      .request({ port: server.address().port, method, path, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ res, body }));
      })
      .on('error', reject)
      .end(),
  );
}

test('HEAD /chat is a wrong method like any other but GET: 405 with Allow: GET, not the 426 of GET', async (t) => {
  const server = await appServer(t);
  const { res, body } = await send(server, 'HEAD', '/chat');
  assert.equal(res.statusCode, 405);
  assert.equal(res.headers.allow, 'GET');
  assert.equal(body, '');
  assert.equal((await send(server, 'GET', '/chat')).res.statusCode, 426);
});

test('a # in the target is a 400 with the JSON error body, on a known route or not', async (t) => {
  const server = await appServer(t);
  for (const path of ['/hello#x', '/hello?a=1#x', '/no-such-route#x']) {
    const { res, body } = await send(server, 'GET', path);
    assert.equal(res.statusCode, 400, path);
    assert.deepEqual(Object.keys(JSON.parse(body)), ['error'], path);
  }
  assert.equal((await send(server, 'GET', '/hello')).res.statusCode, 200);
});
