// spec/API.md §1.6 "The wire": requests written as bytes, answers read off the wire and counted. Each case that must
// close the connection is followed by a canary request on the same connection: an answer to it means the server
// read on after bytes whose length it could not know, the desync request smuggling lives on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { assertNothingWritten, uniqueBooking } from './lib/bookings.mjs';
import { baseUrl, fixturesDir } from './lib/config.mjs';
import { closeDb } from './lib/db.mjs';
import { clause } from './lib/deviations.mjs';
import { assertEnvelope } from './lib/http.mjs';
import { exchange as exchangeWith } from './lib/wire.mjs';

after(closeDb);

const exchange = (bytes, options) => exchangeWith(bytes, { host: baseUrl.hostname, port: Number(baseUrl.port), ...options });

/** Every answer checked as the suite's others are (Date, framing, the JSON error body, none on HEAD). */
const assertEnvelopes = (responses, what) => { for (const res of responses) assertEnvelope({ ...res, path: what }); };

/** A request as bytes: the request line, then `Host` unless `host` is false, the fields, the empty line, the body. */
function rawRequest(line, fields = [], body = '', { host = true } = {}) {
  const head = [line, ...(host ? [`Host: ${baseUrl.host}`] : []), ...fields].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body, 'latin1')]);
}

/** Written behind a case on the same connection: answered only if the connection is still a sound one. */
const canary = () => rawRequest('GET /hello HTTP/1.1');

const JSON_TYPE = 'Content-Type: application/json';
const EVENT = '{"eventName":"wire","teams":[]}';

/** One answer, with `status`, and the connection closed after it: the canary behind it never answered. */
async function refusedThenClosed(bytes, status, what) {
  const { responses, closed } = await exchange(Buffer.concat([bytes, canary()]), { expect: 2 });
  assertEnvelopes(responses, what);
  assert.deepEqual(responses.map((r) => r.status), [status], `${what}: one ${status}, then nothing (the canary behind it unanswered)`);
  assert.ok(closed, `${what}: the connection must be closed after the ${status}`);
}

/** Answered alone, then the canary answered too: the connection was fine. */
async function answered(bytes, what, { heads = [] } = {}) {
  const { responses } = await exchange(Buffer.concat([bytes, canary()]), { expect: 2, heads });
  assertEnvelopes(responses, what);
  assert.equal(responses.length, 2, `${what}: an answer to it and one to the canary behind it, got ${responses.map((r) => r.status).join(', ') || 'none'}`);
  assert.equal(responses[1].status, 200, `${what}: the canary GET /hello behind it must be served`);
  return responses[0];
}

describe('§1.6 the wire', () => {
  for (const version of ['HTTP/1.2', 'HTTP/1.9']) {
    clause(`A higher minor version is served as HTTP/1.1, with the status line HTTP/1.1: ${version}`, async () => {
      const res = await answered(rawRequest(`GET /hello ${version}`), `GET /hello ${version}`);
      assert.equal(res.version, 'HTTP/1.1');
      assert.equal(res.status, 200);
      assert.equal(res.text, 'Hello, World!');
    });
  }

  clause('A request of major version 1 is answered with the status line HTTP/1.1 (an HTTP/1.0 request may get HTTP/1.0)', async () => {
    const { responses } = await exchange(rawRequest('GET /no-such-route HTTP/1.1'), { expect: 1 });
    assertEnvelopes(responses, 'GET /no-such-route');
    assert.deepEqual(responses.map((r) => `${r.version} ${r.status}`), ['HTTP/1.1 404']);
    const old = await exchange(rawRequest('GET /hello HTTP/1.0', [], '', { host: false }), { expect: 1 });
    assertEnvelopes(old.responses, 'GET /hello HTTP/1.0');
    assert.match(`${old.responses[0]?.version} ${old.responses[0]?.status}`, /^HTTP\/1\.[01] 200$/);
  });

  for (const version of ['HTTP/2.0', 'HTTP/0.9', 'HTTP/3.0']) {
    clause(`Another major version → 505 with the JSON error body: ${version}`, async () => {
      const { responses } = await exchange(rawRequest(`GET /hello ${version}`), { expect: 1 });
      assertEnvelopes(responses, `GET /hello ${version}`);
      assert.equal(responses[0]?.status, 505, `GET /hello ${version}: ${responses.map((r) => r.status).join(', ') || 'no answer'}`);
    });
  }

  for (const version of ['http/1.1', 'HTTP/1', 'HTTP/1.1.1', 'HTTPS/1.1']) {
    clause(`A version of another form → 400, then close: ${version}`, async () => {
      await refusedThenClosed(rawRequest(`GET /hello ${version}`), 400, `GET /hello ${version}`);
    });
  }

  clause('Empty lines before the request line are ignored: on a new connection', async () => {
    const res = await answered(Buffer.concat([Buffer.from('\r\n'), rawRequest('GET /hello HTTP/1.1')]), 'CRLF, then GET /hello');
    assert.equal(res.status, 200);
  });

  clause("Empty lines before the request line are ignored: after the previous request's body", async () => {
    const post = rawRequest('POST /event HTTP/1.1', [JSON_TYPE, `Content-Length: ${EVENT.length}`], `${EVENT}\r\n`);
    const res = await answered(post, 'POST /event, its body, then CRLF');
    assert.equal(res.status, 200);
    assert.equal(res.text, EVENT);
  });

  for (const [method, path, allow] of [['BREW', '/hello', 'GET'], ['PROPFIND', '/event', 'POST'], ['get', '/hello', 'GET'],
    ['BREW', '/static/hello.txt', 'GET'], ['TRACE', '/bookings', 'POST']]) {
    clause(`A method a route does not implement, known to HTTP or not, is a wrong method: 405 with Allow: ${method} ${path}`, async () => {
      const res = await answered(rawRequest(`${method} ${path} HTTP/1.1`), `${method} ${path}`);
      assert.equal(res.status, 405);
      assert.ok((res.headers.allow ?? '').split(',').map((m) => m.trim()).includes(allow), `Allow "${res.headers.allow}" must list ${allow}`);
    });
  }

  clause('A method a route does not implement, on an unknown route → 404: BREW /no-such-route', async () => {
    const res = await answered(rawRequest('BREW /no-such-route HTTP/1.1'), 'BREW /no-such-route');
    assert.equal(res.status, 404);
  });

  const framing = [
    ['a Content-Length that is not one decimal number: abc', ['Content-Length: abc'], EVENT],
    ['a Content-Length that is not one decimal number: -1', ['Content-Length: -1'], EVENT],
    ['a Content-Length that is not one decimal number: +5', ['Content-Length: +5'], 'x'.repeat(5)],
    ['a Content-Length that is not one decimal number: 1.0', ['Content-Length: 1.0'], 'x'],
    ['a Content-Length that is not one decimal number: empty', ['Content-Length: '], ''],
    ['two Content-Length values that differ, in one field', [`Content-Length: ${EVENT.length}, ${EVENT.length + 1}`], EVENT],
    ['two Content-Length values that differ, in two fields', [`Content-Length: ${EVENT.length}`, `Content-Length: ${EVENT.length + 1}`], EVENT],
    ['Transfer-Encoding together with Content-Length', ['Transfer-Encoding: chunked', `Content-Length: ${EVENT.length + 9}`],
      `${EVENT.length.toString(16)}\r\n${EVENT}\r\n0\r\n\r\n`],
    ['a Transfer-Encoding whose last coding is not chunked: gzip', ['Transfer-Encoding: gzip'], EVENT],
    ['a Transfer-Encoding whose last coding is not chunked: chunked, gzip', ['Transfer-Encoding: chunked, gzip'], `1\r\nx\r\n0\r\n\r\n`],
    ['a chunk size that is not hexadecimal digits: 0x1c', ['Transfer-Encoding: chunked'], `0x1c\r\n${'x'.repeat(28)}\r\n0\r\n\r\n`],
    ['a chunk size that is not hexadecimal digits: -1c', ['Transfer-Encoding: chunked'], `-1c\r\n${'x'.repeat(28)}\r\n0\r\n\r\n`],
    ['a chunk size that is not hexadecimal digits: zz', ['Transfer-Encoding: chunked'], 'zz\r\nxx\r\n0\r\n\r\n'],
    ['a chunk size that is not hexadecimal digits: empty', ['Transfer-Encoding: chunked'], '\r\nxx\r\n0\r\n\r\n'],
    ['chunk data not followed by CRLF', ['Transfer-Encoding: chunked'], '5\r\nhelloXX0\r\n\r\n'],
  ];
  for (const [what, fields, body] of framing) {
    clause(`A request whose body length cannot be determined reliably → 400 with the JSON error body, then close: ${what}`, async () => {
      await refusedThenClosed(rawRequest('POST /event HTTP/1.1', [JSON_TYPE, ...fields], body), 400, `POST /event with ${what}`);
    });
  }

  // RFC 9112 §6.1: faulty framing, processed or refused, then the connection closed.
  clause('An HTTP/1.0 request with Transfer-Encoding has faulty framing: one answer (400 or the route\'s), then close', async () => {
    const what = 'POST /event HTTP/1.0 with a sound chunked body';
    const bytes = rawRequest('POST /event HTTP/1.0', [JSON_TYPE, 'Transfer-Encoding: chunked'], `${EVENT.length.toString(16)}\r\n${EVENT}\r\n0\r\n\r\n`);
    const { responses, closed } = await exchange(Buffer.concat([bytes, canary()]), { expect: 2 });
    assertEnvelopes(responses, what);
    assert.equal(responses.length, 1, `${what}: one answer, then nothing (the canary unanswered); got ${responses.map((r) => r.status).join(', ') || 'none'}`);
    assert.ok([400, 200].includes(responses[0].status), `${what}: 400, or the echo; got ${responses[0].status}`);
    assert.ok(closed, `${what}: the connection must be closed after it`);
  });

  for (const target of ['/hello#x', '/hello?a=1#x', '/static/hello.txt#top', '/no-such-route#x']) {
    clause(`A # anywhere in the request target → 400: ${target}`, async () => {
      const { responses } = await exchange(rawRequest(`GET ${target} HTTP/1.1`), { expect: 1 });
      assertEnvelopes(responses, `GET ${target}`);
      assert.equal(responses[0]?.status, 400, `GET ${target}: ${responses.map((r) => r.status).join(', ') || 'no answer'}`);
    });
  }

  for (const target of ['/health%2F', '/hello%2fx', '/aggregates%2F', '/event%2F']) {
    clause(`An escaped slash in a dynamic route is an unknown route, 404: ${target}`, async () => {
      const res = await answered(rawRequest(`GET ${target} HTTP/1.1`), `GET ${target}`);
      assert.equal(res.status, 404);
    });
  }

  clause('HEAD /chat → 405 with Allow: GET', async () => {
    const res = await answered(rawRequest('HEAD /chat HTTP/1.1'), 'HEAD /chat', { heads: ['HEAD'] });
    assert.equal(res.status, 405);
    assert.deepEqual((res.headers.allow ?? '').split(',').map((m) => m.trim()).filter(Boolean), ['GET']);
  });
});

// Field lines with what RFC 9110 §5.5 and RFC 9112 §5 keep out of them, sent right after Host.
describe('§1.6 field lines', () => {
  const controls = [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1b, 0x1f];
  const hex = (code) => `0x${code.toString(16).padStart(2, '0')}`;
  const refused = [
    ...controls.map((code) => [`${hex(code)} in a field value`, `X-Odd: a${String.fromCharCode(code)}b`]),
    ['a bare CR in a field value', 'X-Odd: a\rb'],
    ['a bare CR before the CRLF', 'X-Odd: ab\r'],
    ['a bare LF in a field value, the rest no field line', 'X-Odd: a\nbc'],
    ...[...controls, 0x09, 0x7f].map((code) => [`${hex(code)} in a field name`, `X-O${String.fromCharCode(code)}dd: ab`]),
    ['a space in a field name', 'X-O dd: ab'],
    ['a line with no colon', 'X-Odd ab'],
  ];
  for (const [what, line] of refused) {
    clause(`A field line with ${what} → 400 with the JSON error body, then close`, async () => {
      await refusedThenClosed(rawRequest('GET /hello HTTP/1.1', [line]), 400, `GET /hello with ${what}`);
    });
  }

  // RFC 9110 §5.5 lets a recipient keep a DEL; RFC 9112 §2.2 lets it read a bare LF as the end of a line.
  const either = [
    ['a DEL in a field value', rawRequest('GET /hello HTTP/1.1', ['X-Odd: a\x7fb'])],
    ['a bare LF ending a field line', Buffer.from(`GET /hello HTTP/1.1\r\nHost: ${baseUrl.host}\r\nX-Odd: ab\nAccept: */*\r\n\r\n`, 'latin1')],
  ];
  for (const [what, bytes] of either) {
    clause(`A field line with ${what} is served as written, or refused with 400 and the close`, async () => {
      const { responses, closed } = await exchange(Buffer.concat([bytes, canary()]), { expect: 2 });
      assertEnvelopes(responses, `GET /hello with ${what}`);
      const statuses = responses.map((r) => r.status);
      if (statuses[0] === 400) {
        assert.deepEqual(statuses, [400], `${what}: refused, then nothing (the canary unanswered)`);
        assert.ok(closed, `${what}: the connection must be closed after the 400`);
      } else {
        assert.deepEqual(statuses, [200, 200], `${what}: /hello answered, then the canary`);
      }
    });
  }
});

// RFC 9112 §8: what a client ends with its FIN before the request is whole is never answered as a whole request.
describe('§1.6 incomplete requests', () => {
  /** Writes `bytes`, then the client's FIN: the answers, each checked, and whether the server closed. */
  async function cut(bytes, what) {
    const { responses, closed } = await exchange(bytes, { halfClose: true, quietMs: 3_000 });
    assertEnvelopes(responses, what);
    assert.ok(responses.length <= 1, `${what}: one answer at most, got ${responses.map((r) => r.status).join(', ')}`);
    assert.ok(!responses[0] || responses[0].status >= 400, `${what}: no answer or a refusal, got ${responses[0]?.status}`);
    assert.ok(closed, `${what}: the connection must be closed`);
  }
  const post = (fields, body) => `${rawRequest('POST /event HTTP/1.1', [JSON_TYPE, ...fields]).toString('latin1')}${body}`;
  for (const [what, bytes] of [
    ['the request line cut', 'GET /hel'],
    ['the head cut in a field line', `GET /hello HTTP/1.1\r\nHost: ${baseUrl.host}\r\nAccept: */`],
    ['the head without its empty line', `GET /hello HTTP/1.1\r\nHost: ${baseUrl.host}\r\n`],
    ['a Content-Length body cut after a whole JSON value', post([`Content-Length: ${EVENT.length + 10}`], EVENT)],
    ['a chunked body without its last chunk', post(['Transfer-Encoding: chunked'], `${EVENT.length.toString(16)}\r\n${EVENT}\r\n`)],
  ]) {
    clause(`A request the client ends before it is whole gets no answer or a refusal, then the close: ${what}`, async () => {
      await cut(Buffer.from(bytes, 'latin1'), what);
    });
  }

  const [{ booking: fixture }] = JSON.parse(readFileSync(join(fixturesDir, 'bookings', 'valid.json'), 'utf8'));
  clause('A booking whose body the client cut short is never booked: no answer or a refusal, nothing written', async () => {
    const booking = uniqueBooking(fixture);
    const body = Buffer.from(JSON.stringify(booking));
    const bytes = Buffer.concat([rawRequest('POST /bookings HTTP/1.1', [JSON_TYPE, `Content-Length: ${body.length + 20}`]), body]);
    await cut(bytes, 'POST /bookings with its body cut after a whole booking');
    await assertNothingWritten(booking);
  });
});

// The four limits every stack is configured to. Sizes are the served figure or just past the refused one, never
// between them, where each parser counts its own way.
describe('§1.6 limits', () => {
  const hostLine = `Host: ${baseUrl.host}\r\n`;
  /** `count` field lines after Host whose section (Host's line included, each with its CRLF) is `bytes` long. */
  const fieldsOf = (bytes, count) => {
    const room = bytes - hostLine.length;
    const fields = [];
    for (let i = 0; i < count; i += 1) {
      const name = `X-Pad-${i}: `;
      const share = Math.floor(room / count) + (i < room % count ? 1 : 0);
      fields.push(name + 'x'.repeat(share - name.length - 2));
    }
    return fields;
  };
  const sectionOf = (fields) => hostLine.length + fields.reduce((sum, f) => sum + f.length + 2, 0);
  const targetOf = (bytes) => `/hello?q=${'x'.repeat(bytes - '/hello?q='.length)}`;

  clause('A request target of 8,000 bytes is served', async () => {
    const res = await answered(rawRequest(`GET ${targetOf(8_000)} HTTP/1.1`), 'GET with an 8,000-byte target');
    assert.equal(res.status, 200);
    assert.equal(res.text, 'Hello, World!');
  });

  for (const bytes of [8_193, 20_000]) {
    clause(`A request target over 8,192 bytes → 414, then close: ${bytes.toLocaleString('en')} bytes`, async () => {
      await refusedThenClosed(rawRequest(`GET ${targetOf(bytes)} HTTP/1.1`), 414, `GET with a ${bytes}-byte target`);
    });
  }

  for (const count of [1, 99]) {
    clause(`A header section of 16,000 bytes is served: Host and ${count} more field${count > 1 ? 's' : ''}`, async () => {
      const fields = fieldsOf(16_000, count);
      assert.equal(sectionOf(fields), 16_000);
      const res = await answered(rawRequest('GET /hello HTTP/1.1', fields), `GET /hello with a 16,000-byte section in ${count + 1} fields`);
      assert.equal(res.status, 200);
    });
  }

  for (const [bytes, count] of [[16_385, 1], [16_385, 99], [30_000, 1]]) {
    clause(`A header section over 16,384 bytes → 431, then close: ${bytes.toLocaleString('en')} bytes in ${count + 1} fields`, async () => {
      const fields = fieldsOf(bytes, count);
      assert.equal(sectionOf(fields), bytes);
      await refusedThenClosed(rawRequest('GET /hello HTTP/1.1', fields), 431, `GET /hello with a ${bytes}-byte section in ${count + 1} fields`);
    });
  }

  clause('100 field lines are served', async () => {
    const fields = Array.from({ length: 99 }, (_, i) => `X-F-${i}: ${i}`);
    const res = await answered(rawRequest('GET /hello HTTP/1.1', fields), 'GET /hello with 100 field lines');
    assert.equal(res.status, 200);
  });

  for (const count of [101, 1_000]) {
    clause(`More than 100 field lines → 431, then close: ${count.toLocaleString('en')}`, async () => {
      const fields = Array.from({ length: count - 1 }, (_, i) => `X-F-${i}: ${i}`);
      await refusedThenClosed(rawRequest('GET /hello HTTP/1.1', fields), 431, `GET /hello with ${count} field lines`);
    });
  }

  clause('A target too long is refused before the fields are looked at: 414 before 431', async () => {
    const bytes = rawRequest(`GET ${targetOf(8_193)} HTTP/1.1`, fieldsOf(16_385, 1));
    await refusedThenClosed(bytes, 414, 'GET with an 8,193-byte target and a 16,385-byte section');
  });

  for (const [what, line, fields] of [
    ['a 40,000-byte target', `GET ${targetOf(40_000)} HTTP/1.1`, []],
    ['a 40,000-byte field', 'GET /hello HTTP/1.1', fieldsOf(40_000, 1)],
    ['5,000 field lines', 'GET /hello HTTP/1.1', Array.from({ length: 4_999 }, (_, i) => `X-F-${i}: ${i}`)],
  ]) {
    clause(`A head over 32,768 bytes → 414 or 431, then close: ${what}`, async () => {
      const { responses, closed } = await exchange(Buffer.concat([rawRequest(line, fields), canary()]), { expect: 2 });
      assertEnvelopes(responses, what);
      assert.equal(responses.length, 1, `${what}: one answer, then nothing; got ${responses.map((r) => r.status).join(', ') || 'none'}`);
      assert.ok([414, 431].includes(responses[0].status), `${what}: 414 or 431, got ${responses[0].status}`);
      assert.ok(closed, `${what}: the connection must be closed after it`);
    });
  }
});

// The classic pairs (CL.TE, TE.CL, TE.TE) and their disguises: whatever a server makes of the framing, the request
// hidden in the body must never be answered as a request of its own.
describe('§1.6 request smuggling', () => {
  const hidden = 'GET /static/hello.txt HTTP/1.1\r\nHost: x\r\n\r\n';
  const cases = [
    ['CL.TE: Content-Length and a chunked body ending early', ['Content-Length: 40', 'Transfer-Encoding: chunked'], `0\r\n\r\n${hidden}`],
    ['TE.CL: a chunked body whose Content-Length ends early', ['Transfer-Encoding: chunked', 'Content-Length: 4'],
      `${(hidden.length + 1).toString(16)}\r\nx${hidden}\r\n0\r\n\r\n`],
    ['TE.TE: two Transfer-Encoding fields, the last not chunked', ['Transfer-Encoding: chunked', 'Transfer-Encoding: x'], `0\r\n\r\n${hidden}`],
    ['TE.TE: a Transfer-Encoding field with whitespace before its colon', ['Transfer-Encoding : chunked', 'Content-Length: 40'], `0\r\n\r\n${hidden}`],
    ['TE.TE: an unknown coding named like chunked', ['Transfer-Encoding: xchunked'], `0\r\n\r\n${hidden}`],
    // RFC 9112 §5.2: a fold is refused or read as a space; either way this is x, chunked with a Content-Length.
    ['TE.TE: a Transfer-Encoding folded onto a second line (obs-fold)', ['Transfer-Encoding: x,', ' chunked', 'Content-Length: 40'],
      `0\r\n\r\n${hidden}`],
  ];
  for (const [what, fields, body] of cases) {
    clause(`A request hidden in a body is never answered; the message is refused with 400, then close: ${what}`, async () => {
      await refusedThenClosed(rawRequest('POST /event HTTP/1.1', [JSON_TYPE, ...fields], body), 400, `POST /event, ${what}`);
    });
  }

});
