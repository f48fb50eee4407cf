// spec/API.md §1 "Every stack": the rules every route follows. lib/http.mjs also applies the per-response
// checks (Date, Content-Length or chunked, Content-Type, error body shape) to every response of the suite.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { staticTree } from '../fixtures/static/generate.mjs';
import { baseUrl, fixturesDir, unique } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAgent, get, post, request } from './lib/http.mjs';

after(closeAgent);

const allowed = (res) => new Set((res.headers.allow ?? '').split(',').map((m) => m.trim().toUpperCase()).filter(Boolean));

describe('§1 every stack', () => {
  for (const [method, path] of [['GET', '/no-such-route'], ['POST', '/no-such-route'], ['GET', '/hello/extra'], ['GET', '/eventx'],
    ['GET', '/static'], ['PUT', '/static'], ['DELETE', '/staticx/hello.txt']]) {
    clause(`Unknown route → 404 with the JSON error body: ${method} ${path}`, async () => {
      const res = await request(method, path, method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {});
      assert.equal(res.status, 404);
    });
  }

  // spec/fixtures/paths.json: request targets sent byte for byte (lib/http.mjs neither decodes nor normalises).
  for (const { path, status, why } of JSON.parse(readFileSync(join(fixturesDir, 'paths.json'), 'utf8'))) {
    clause(`A route is the request target's path exactly as sent; ; is part of a static name: ${path} (${why})`, async () => {
      const res = await get(path);
      assert.ok(status.includes(res.status), `GET ${path}: ${res.status}, expected ${status.join(' or ')}`);
    });
  }

  // Allow lists the route's methods; HEAD on the dynamic GET routes is optional, on /static required.
  const routes = [
    { path: '/hello', wrong: ['POST', 'PUT', 'DELETE'], must: ['GET'], may: ['HEAD'] },
    { path: '/health', wrong: ['POST', 'DELETE'], must: ['GET'], may: ['HEAD'] },
    { path: '/aggregates', wrong: ['POST', 'PUT'], must: ['GET'], may: ['HEAD'] },
    { path: '/static/hello.txt', wrong: ['POST', 'PUT', 'DELETE'], must: ['GET', 'HEAD'], may: [] },
    { path: '/static/hello.txt/', wrong: ['DELETE', 'PATCH'], must: ['GET', 'HEAD'], may: [] },
    { path: '/static/no-such-file', wrong: ['POST'], must: ['GET', 'HEAD'], may: [] },
    { path: '/event', wrong: ['GET', 'PUT', 'DELETE'], must: ['POST'], may: [] },
    { path: '/bookings', wrong: ['GET', 'PUT'], must: ['POST'], may: [] },
    { path: '/chat', wrong: ['POST'], must: ['GET'], may: [] },
  ];
  for (const { path, wrong, must, may } of routes) {
    for (const method of wrong) {
      clause(`Wrong method on a known route → 405 with an Allow header: ${method} ${path}`, async () => {
        const withBody = method === 'POST' || method === 'PUT';
        const res = await request(method, path, withBody ? { body: '{}', headers: { 'content-type': 'application/json' } } : {});
        assert.equal(res.status, 405);
        const allow = allowed(res);
        for (const m of must) assert.ok(allow.has(m), `Allow "${res.headers.allow}" must list ${m}`);
        for (const m of allow) assert.ok(must.includes(m) || may.includes(m), `Allow "${res.headers.allow}" lists ${m}, not a method of ${path}`);
      });
    }
  }

  clause('Every response: Date header; Content-Length or chunked; Content-Type whenever there is a body', async () => {
    // The checks themselves run inside lib/http.mjs on every response; this clause names them once.
    const responses = await Promise.all([
      get('/hello'), get('/health'), get('/aggregates?model=none'), get('/static/hello.txt'), get('/no-such-route'),
      post('/event', '{"eventName":"x","teams":[]}', 'application/json'), post('/event', 'x', 'text/plain'),
    ]);
    assert.deepEqual(responses.map((r) => r.status), [200, 200, 200, 200, 404, 200, 415]);
  });

  clause('When a request breaks several rules, the first that applies wins: 404 → 405 → 415 → 413 → 400 → 422', async () => {
    const tooBig = Buffer.alloc(1024 * 1024 + 1, 0x7b); // over 1 MiB and not JSON either
    const cases = [
      [404, 'POST', '/no-such-route', tooBig, 'text/plain'],
      [405, 'PUT', '/event', tooBig, 'text/plain'],
      [415, 'POST', '/event', tooBig, 'text/plain'],
      [413, 'POST', '/bookings', tooBig, 'application/json'],
      [400, 'POST', '/bookings', JSON.stringify({ bookingId: '', model: 42 }), 'application/json'],
    ];
    for (const [status, method, path, body, type] of cases) {
      const res = await request(method, path, { body, headers: { 'content-type': type } });
      assert.equal(res.status, status, `${method} ${path} with ${type}`);
    }
  });

  // The request is written by hand so that the body can stop short: a server that reads the whole announced
  // body before answering never answers this client.
  function firstResponseLine(head, body = Buffer.alloc(0)) {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: baseUrl.hostname, port: Number(baseUrl.port) });
      const timer = setTimeout(() => { socket.destroy(); reject(new Error('no answer within 5 s')); }, 5_000);
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n')) { clearTimeout(timer); socket.destroy(); resolve(received.split('\r\n', 1)[0]); }
      });
      socket.on('error', (error) => { clearTimeout(timer); reject(error); });
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
    });
  }

  for (const [path, type] of [['/event', 'application/json'], ['/bookings', 'application/x-protobuf']]) {
    clause(`A larger body gets 413 whether Content-Length announces it (answer without reading the body) or it arrives chunked (stop reading when the limit is passed): POST ${path}`, async () => {
      const head = `POST ${path} HTTP/1.1\r\nHost: ${baseUrl.host}\r\nContent-Type: ${type}\r\n`;
      assert.match(await firstResponseLine(`${head}Content-Length: 104857600\r\n\r\n`), /^HTTP\/1\.1 413\b/,
        '100 MiB announced, nothing sent: 413 without waiting for the body');
      const chunk = Buffer.alloc(1024 * 1024 + 64 * 1024, 0x61);
      const chunked = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      assert.match(await firstResponseLine(`${head}Transfer-Encoding: chunked\r\n\r\n`, chunked), /^HTTP\/1\.1 413\b/,
        '1 MiB + 64 KiB streamed, then nothing: 413 without waiting for the end');
    });
  }

  clause('Dynamic routes are computed for every request: no 304 from a dynamic route', async () => {
    for (const path of ['/hello', '/health', '/aggregates?model=none']) {
      const first = await get(path);
      const conditions = { 'if-none-match': first.headers.etag ?? '*', 'if-modified-since': 'Tue, 01 Jan 2030 00:00:00 GMT' };
      for (const [header, value] of Object.entries(conditions)) {
        const res = await get(path, { headers: { [header]: value } });
        assert.equal(res.status, 200, `GET ${path} with ${header}: ${value}`);
        assert.ok(res.body.equals(first.body), `GET ${path} must answer in full`);
      }
    }
  });

  clause('Plain HTTP GET /chat without an upgrade → 426 with the JSON error (400 accepted too)', async () => {
    const res = await get('/chat');
    assert.ok([426, 400].includes(res.status), `got ${res.status}`);
  });

  clause('A request with more than one Host header → 400 (RFC 9112 §3.2)', async () => {
    for (const path of ['/hello', '/static/hello.txt']) {
      const line = await firstResponseLine(`GET ${path} HTTP/1.1\r\nHost: ${baseUrl.host}\r\nHost: example.org\r\n\r\n`);
      assert.match(line, /^HTTP\/1\.1 400\b/, `GET ${path} with two Host headers`);
    }
  });

  clause('An HTTP/1.1 request without a Host header → 400 (RFC 9112 §3.2); an HTTP/1.0 request needs none', async () => {
    for (const path of ['/hello', '/static/hello.txt']) {
      assert.equal((await get(path, { setHost: false, headers: { connection: 'close' } })).status, 400, `GET ${path} without Host`);
      assert.match(await firstResponseLine(`GET ${path} HTTP/1.0\r\n\r\n`), /^HTTP\/1\.[01] 200\b/, `HTTP/1.0 GET ${path} without Host`);
    }
  });

  // RFC 9112 §3.2.2: what a client talking to a proxy sends, and what every origin server must accept.
  const absolute = (path, host = baseUrl.host) => `http://${host}${path}`;
  clause('A request target in absolute form is routed by its path and query, as its origin form', async () => {
    const hello = await get(absolute('/hello'));
    assert.equal(hello.status, 200);
    assert.equal(hello.text, 'Hello, World!');
    const file = await get(absolute('/static/hello.txt'));
    assert.equal(file.status, 200);
    assert.deepEqual(file.body, staticTree()['hello.txt']);
    const aggregates = await get(absolute(`/aggregates?model=${unique('absolute-form')}`));
    assert.equal(aggregates.status, 200);
    assert.deepEqual(aggregates.json(), []);
    const echo = await post(absolute('/event'), '{"eventName":"absolute","teams":[]}', 'application/json');
    assert.equal(echo.text, '{"eventName":"absolute","teams":[]}');
    assert.equal((await get(absolute('/no-such-route'))).status, 404);
    assert.equal((await request('PUT', absolute('/hello'))).status, 405);
    assert.equal((await get(`http://${baseUrl.host}`)).status, 404, 'no path is the path /');
    const upgrade = `GET ${absolute('/chat')} HTTP/1.1\r\nHost: ${baseUrl.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n';
    assert.match(await firstResponseLine(upgrade), /^HTTP\/1\.1 101\b/, 'the chat upgrade');
  });

  clause('An absolute-form target whose authority is not the Host header → 400 (RFC 9112 §3.2)', async () => {
    const [hostname, port] = [baseUrl.hostname, baseUrl.port];
    for (const [target, host] of [[absolute('/hello', 'example.org'), baseUrl.host], [absolute('/hello'), 'example.org'],
      [absolute('/static/hello.txt', `${hostname}:1`), baseUrl.host], [absolute('/event', hostname), baseUrl.host]]) {
      assert.equal((await get(target, { headers: { host, connection: 'close' } })).status, 400, `GET ${target} with Host: ${host}`);
    }
    const upper = absolute('/hello', `LOCALHOST:${port}`);
    assert.equal((await get(upper, { headers: { host: `localhost:${port}` } })).status, 200,
      `GET ${upper} with Host: localhost:${port}: the host compared case-insensitively`);
  });

  clause('HTTP/1.1 keep-alive: two requests on one connection are both answered', async () => {
    const socket = net.connect(Number(baseUrl.port), baseUrl.hostname);
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    const req = `GET /hello HTTP/1.1\r\nHost: ${baseUrl.host}\r\n\r\n`;
    let received = '';
    const answered = new Promise((resolve, reject) => {
      socket.on('data', (d) => {
        const before = received.split('Hello, World!').length;
        received += d.toString('latin1');
        const bodies = received.split('Hello, World!').length - 1;
        if (before === 1 && bodies === 1) socket.write(req); // the second request only after the first answer
        if (bodies === 2) resolve();
      });
      socket.on('error', reject);
      socket.on('close', () => reject(new Error(`connection closed after: ${received.slice(0, 300)}`)));
    });
    socket.write(req);
    try {
      await answered;
    } finally {
      socket.destroy();
    }
  });
});
