// The differential fuzzer's own logic (spec/conformance/fuzz/): what it compares, what it folds, how it judges,
// and that its generators reach every edge the contract decides (spec/API.md), so a generator that silently
// stopped producing a class of request fails here rather than letting `make fuzz` pass on nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from '../../spec/conformance/node_modules/fast-check/lib/fast-check.js';
import { problemsOf, verdictOf } from '../../spec/conformance/fuzz/answers.mjs';
import { onlyResets } from '../../spec/conformance/fuzz/chat.mjs';
import { judge } from '../../spec/conformance/fuzz/judge.mjs';
import { httpRequest } from '../../spec/conformance/fuzz/requests.mjs';
import { headOf, judgeWire, limitsOf, refusedCase, WIRE_CHECKS, wireBytes, wireCase } from '../../spec/conformance/fuzz/wire.mjs';
import { parseResponses } from '../../spec/conformance/lib/wire.mjs';

const answer = (status, { headers = {}, body = '' } = {}) => ({ status, headers: { date: 'x', ...headers }, body: Buffer.from(body) });
const json = { 'content-type': 'application/json' };
const get = (path, headers = {}) => ({ method: 'GET', path, headers });

test('verdicts fold what the contract lets differ and keep what it fixes', () => {
  const bad = get('/static/%zz');
  assert.deepEqual(verdictOf(bad, answer(400, { headers: json })), verdictOf(bad, answer(404, { headers: json })), '400 or 404 on a static path');
  assert.notDeepEqual(verdictOf(get('/hello/'), answer(400)), verdictOf(get('/hello/'), answer(404)), 'not on a route');
  assert.deepEqual(verdictOf(get('/hello%zz'), answer(400)), verdictOf(get('/hello%zz'), answer(404)), 'a malformed escape');
  assert.deepEqual(verdictOf(get('/chat'), answer(400)), verdictOf(get('/chat'), answer(426)), '426 or 400 on a plain GET /chat');
  const allow = (value) => verdictOf(get('/hello'), answer(405, { headers: { allow: value } }));
  assert.deepEqual(allow('GET, HEAD'), allow('GET'), 'HEAD may be in Allow on a dynamic route');
  const range = (value) => verdictOf(get('/static/hello.txt'), answer(206, { headers: { 'content-range': value }, body: 'He' }));
  assert.notDeepEqual(range('bytes 0-1/32'), range('bytes 0-1/33'));
  const error = (message) => verdictOf({ method: 'POST', path: '/bookings', headers: {} }, answer(422, { headers: json, body: JSON.stringify({ error: message }) }));
  assert.notDeepEqual(error('model is required'), error('trim is required'), 'the 422 message is compared');
  const echo = (body) => verdictOf({ method: 'POST', path: '/event', headers: {} }, answer(200, { headers: json, body }));
  assert.notDeepEqual(echo('{"eventName":"a","teams":[]}'), echo('{"eventName":"a", "teams":[]}'), 'echo bytes are compared');
});

test('problems: a 5xx, an error without the JSON body, no answer', () => {
  const req = get('/hello');
  assert.equal(problemsOf(req, answer(200, { body: 'Hello, World!' })).length, 0);
  assert.match(problemsOf(req, answer(500, { headers: json, body: '{"error":"x"}' }))[0], /^500/);
  assert.match(problemsOf(req, answer(400, { headers: { 'content-type': 'text/plain' }, body: 'Bad Request' }))[0], /without the JSON error body/);
  assert.equal(problemsOf({ method: 'HEAD', path: '/static/x', headers: {} }, answer(404)).length, 0, 'HEAD has no body');
  assert.match(problemsOf(req, { error: 'connection: ECONNRESET' })[0], /ECONNRESET/);
});

test('judging: one dissenter fails, no majority fails, a declared deviation is left out', () => {
  const a = (id, status, problems = []) => ({ id, verdict: { status }, problems, shown: String(status) });
  assert.deepEqual(judge([a('x', 200), a('y', 200), a('z', 200)]).problems, []);
  const one = judge([a('x', 200), a('y', 200), a('z', 206)]);
  assert.match(one.problems.join(), /1 of 3 disagree/);
  assert.deepEqual(one.ordered[1].map((g) => g.id), ['z']);
  assert.match(judge([a('x', 200), a('y', 206), a('z', 416)]).problems.join(), /no majority/);
  assert.match(judge([a('x', 200), a('y', 200), a('z', 200, ['500: boom'])]).problems.join(), /z: 500/);
  const excused = judge([a('x', 200), a('y', 200), a('z', 206)], (ans) => ans.id === 'z');
  assert.deepEqual([excused.problems, excused.excused], [[], ['z']]);
  const reset = [{ frames: [], close: 1006 }];
  assert.ok(onlyResets(reset, [{ frames: ['system'], close: 1008 }]), 'a reset in place of a close');
  assert.ok(!onlyResets(reset, [{ frames: ['m'], close: 'open' }]), 'not in place of an open member');
});

test('the generators reach every edge the contract decides', () => {
  const sample = fc.sample(httpRequest, { numRuns: 4000, seed: 7 });
  const body = (r) => r.body?.toString('latin1') ?? '';
  const seen = {
    'a leading BOM': sample.some((r) => body(r).startsWith('\u00ef\u00bb\u00bf')),
    'a key twice in an Event': sample.some((r) => r.route === 'event' && /"eventName".*"eventName"/s.test(body(r))),
    'both names of a booking field': sample.some((r) => /"bookingId".*"booking_id"|"booking_id".*"bookingId"/s.test(body(r))),
    'originTs past int64': sample.some((r) => body(r).includes('9223372036854775808')),
    'a booking at the DECIMAL(19,2) limit': sample.some((r) => r.route === 'bookings' && body(r).includes('99999999999999999.99')),
    'protobuf bookings': sample.some((r) => r.headers['content-type'] === 'application/x-protobuf'),
    'an empty Content-Type': sample.some((r) => r.headers['content-type'] === ''),
    'several ranges': sample.some((r) => /^bytes=[^,]+,/.test(r.headers.range ?? '')),
    'whitespace inside a range': sample.some((r) => /^bytes=\d*- \d/.test(r.headers.range ?? '')),
    'a range position past 2^64': sample.some((r) => /\d{21}/.test(r.headers.range ?? '')),
    '; in a static path': sample.some((r) => r.path.startsWith('/static/') && r.path.includes(';')),
    'an empty static segment': sample.some((r) => /^\/static\/.*\/\//.test(r.path) || /^\/static\/[^?]*\/$/.test(r.path)),
    'If-Modified-Since': sample.some((r) => r.headers['if-modified-since']),
    'a wrong method': sample.some((r) => r.route === 'any' && r.method === 'PATCH'),
    'a chunked body': sample.some((r) => r.wire?.chunked > 1 && r.body?.length),
    'two Host headers': sample.some((r) => r.wire?.hostTwice),
    'header names in capitals': sample.some((r) => r.wire?.upperNames && r.headers.range),
  };
  assert.deepEqual(Object.entries(seen).filter(([, yes]) => !yes).map(([what]) => what), []);
});

test('raw answers are read off the wire as RFC 9112 frames them: a length, chunks, none after HEAD, not yet whole', () => {
  const wire = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello'
    + 'HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{"e\r\n2\r\n"}\r\n0\r\n\r\n'
    + 'HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 9\r\nAllow: GET\r\n\r\n'
    + 'HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort');
  const { responses, trailing } = parseResponses(wire, ['GET', 'GET', 'HEAD']);
  assert.deepEqual(responses.map((r) => [r.status, r.text]), [[200, 'hello'], [404, '{"e"}'], [405, '']]);
  assert.equal(responses[2].headers.allow, 'GET');
  assert.match(trailing, /^HTTP\/1\.1 200 OK/, 'a body still arriving is no answer yet');
});

test('wire cases: a desync fails whatever the others say, 505 is no 5xx problem, a silent close is', () => {
  const date = 'Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n';
  const answers = (text, closed = false) => ({ ...parseResponses(Buffer.from(text), ['GET', 'GET']), closed });
  const json = (status, body) => `HTTP/1.1 ${status} X\r\n${date}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  const hello = `HTTP/1.1 200 OK\r\n${date}Content-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, World!`;
  const hidden = 'A file one directory down.\n';
  const c = { method: 'POST', target: '/event', version: 'HTTP/1.1', leadingCrlf: false, framing: { what: 'CL.TE' } };
  const refused = judgeWire(c, answers(json(400, '{"error":"bad"}'), true));
  assert.deepEqual([refused.problems, refused.verdict.canary], [[], 'either']);
  const desync = judgeWire(c, answers(`${json(400, '{"error":"bad"}')}HTTP/1.1 200 OK\r\n${date}Content-Type: text/plain\r\nContent-Length: ${hidden.length}\r\n\r\n${hidden}`));
  assert.match(desync.problems.join(), /desync/);
  assert.deepEqual(judgeWire({ ...c, version: 'HTTP/2.0' }, answers(json(505, '{"error":"version"}'), true)).problems, []);
  assert.match(judgeWire(c, answers('', true)).problems.join(), /closed with no answer/);
  const sound = judgeWire({ ...c, method: 'GET', target: '/hello', framing: { what: 'no body', fields: [], body: '' } }, answers(`${hello}${hello}`));
  assert.equal(judgeWire({ ...c, method: 'GET', target: '/hello', framing: { what: 'Content-Length', fields: [], body: '{}' } },
    answers(hello, true)).verdict.canary, 'either', 'a server may close rather than read a body its route did not need');
  assert.deepEqual([sound.problems, sound.verdict.canary], [[], 200]);
});

test('wire cases left one answer and the close whatever its status: refused framings, HTTP/1.0 with chunked, two rules broken', () => {
  const c = { method: 'GET', target: '/hello', version: 'HTTP/1.1', leadingCrlf: false,
    framing: { what: 'chunked', fields: ['Transfer-Encoding: chunked'], body: '0\r\n\r\n' } };
  const none = { what: 'no body', fields: [], body: '' };
  assert.equal(refusedCase(c), false);
  assert.equal(refusedCase({ ...c, framing: { ...c.framing, refused: true } }), true);
  assert.equal(refusedCase({ ...c, version: 'HTTP/1.0' }), true, 'RFC 9112 §6.1: HTTP/1.0 with Transfer-Encoding');
  assert.equal(refusedCase({ ...c, version: 'HTTP/1.0', framing: { what: 'Content-Length', fields: ['Content-Length: 2'], body: '{}' } }), false);
  assert.equal(refusedCase({ ...c, version: 'HTTP/2.0' }), true, '505 or the framing\'s 400');
  assert.equal(refusedCase({ ...c, version: 'HTTP/2.0', framing: none }), false, 'the 505 alone is compared');
  assert.equal(refusedCase({ ...c, version: 'HTTP/0.9', target: '/hello#x', framing: none }), true, '505 or the # rule\'s 400');
  assert.equal(refusedCase({ ...c, version: 'HTTP/1.2', target: '/hello#x', framing: none }), false, 'a served version: the # decides');
  const date = 'Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n';
  const answer = (status) => ({ ...parseResponses(Buffer.from(`HTTP/1.1 ${status} X\r\n${date}Content-Type: application/json\r\n`
    + 'Content-Length: 2\r\n\r\n{}'), ['GET', 'GET']), closed: true });
  const two = { ...c, version: 'HTTP/2.0' };
  assert.deepEqual(judgeWire(two, answer(400)).verdict, judgeWire(two, answer(505)).verdict);
  // A static path may get 400 or 404 (§4.1): the one closing and the other serving the canary are the same verdict.
  const escaped = { ...c, method: 'HEAD', target: '/static/hello.txt%2F', framing: none };
  const canary = 'HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\nHello, World!';
  const of = (status, more, closed) => ({ ...parseResponses(Buffer.from(`HTTP/1.1 ${status} X\r\n${date}Content-Length: 0\r\n\r\n${more}`),
    ['HEAD', 'GET']), closed });
  assert.deepEqual(judgeWire(escaped, of(404, canary, false)).verdict, judgeWire(escaped, of(400, '', true)).verdict);
  assert.notDeepEqual(judgeWire({ ...escaped, target: '/hello' }, of(404, canary, false)).verdict,
    judgeWire({ ...escaped, target: '/hello' }, of(400, '', true)).verdict, 'a dynamic route: 404 and 400 differ');
});

test('the wire generator reaches every case spec/API.md §1.6 decides', () => {
  const sample = fc.sample(wireCase, { numRuns: 3000, seed: 7 });
  const seen = (what) => sample.some((c) => c.framing.what === what);
  const missing = ['CL.TE', 'TE.CL', 'TE.TE, obs-fold', 'Content-Length: abc', 'chunk size "0x1c"', 'chunk data without its CRLF',
    'chunked, with a trailer', 'Transfer-Encoding: gzip', 'a request inside a chunk'].filter((w) => !seen(w));
  for (const [what, found] of [['HTTP/1.2', sample.some((c) => c.version === 'HTTP/1.2')], ['http/1.1', sample.some((c) => c.version === 'http/1.1')],
    ['BREW', sample.some((c) => c.method === 'BREW')], ['#', sample.some((c) => c.target.includes('#'))],
    ['%2F', sample.some((c) => /%2f/i.test(c.target))], ['a leading CRLF', sample.some((c) => c.leadingCrlf)]]) if (!found) missing.push(what);
  assert.deepEqual(missing, []);
  const bytes = wireBytes(sample.find((c) => c.framing.what === 'CL.TE'), '127.0.0.1:1').toString('latin1');
  assert.match(bytes, /\r\n\r\n0\r\n\r\nGET \/static\/sub\/nested\.txt HTTP\/1\.1\r\nHost: hidden\r\n\r\nGET \/hello HTTP\/1\.1\r\nHost: 127\.0\.0\.1:1\r\n\r\n$/);
});

test('wire limits: sizes served or refused, never between the two figures; the status compared, either one past 32 KiB', () => {
  const sample = fc.sample(wireCase, { numRuns: 3000, seed: 11 }).filter((c) => c.limit);
  const measured = sample.map((c) => {
    const { line, fields } = headOf(c, '127.0.0.1:8081');
    return { c, target: line.split(' ')[1].length, section: fields.reduce((n, f) => n + f.length + 2, 0), lines: fields.length };
  });
  const between = measured.filter((m) => (m.target > 8_000 && m.target <= 8_192) || (m.section > 16_000 && m.section <= 16_384));
  assert.deepEqual(between.map((m) => m.c.limit), []);
  for (const kind of ['target', 'section', 'fields']) {
    const of = sample.filter((c) => c.limit.kind === kind);
    assert.ok(of.some((c) => !limitsOf(c).over) && of.some((c) => limitsOf(c).over && !limitsOf(c).far)
      && of.some((c) => limitsOf(c).far), `${kind}: served, just over and far over`);
  }
  const date = 'Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n';
  const answer = (status) => ({ ...parseResponses(Buffer.from(`HTTP/1.1 ${status} X\r\n${date}Content-Type: application/json\r\n`
    + 'Content-Length: 2\r\n\r\n{}'), ['GET', 'GET']), closed: true });
  const c = { method: 'GET', target: '/hello', version: 'HTTP/1.1', leadingCrlf: false, framing: { what: 'no body', fields: [], body: '' } };
  const over = { ...c, limit: { kind: 'fields', size: 101 } };
  assert.deepEqual(judgeWire(over, answer(431)).verdict, { refused: true, status: 431, canary: 'unanswered' });
  assert.notDeepEqual(judgeWire(over, answer(431)).verdict, judgeWire(over, answer(400)).verdict);
  const far = { ...c, limit: { kind: 'target', size: 40_000 } };
  assert.deepEqual(judgeWire(far, answer(414)).verdict, judgeWire(far, answer(431)).verdict);
  assert.notDeepEqual(judgeWire(far, answer(414)).verdict, judgeWire(far, answer(400)).verdict);
  const twoRules = { ...over, version: 'HTTP/2.0' };
  assert.deepEqual(judgeWire(twoRules, answer(505)).verdict, judgeWire(twoRules, answer(431)).verdict);
  assert.equal(limitsOf({ ...c, limit: { kind: 'fields', size: 100 } }).over, false);
});

test('a wire deviation covers only its own cases', () => {
  const c = (version, fields = []) => ({ version, framing: { fields } });
  const covered = (check, ...cases) => cases.map((x) => WIRE_CHECKS[check](x));
  assert.deepEqual(covered('A higher minor version is served as HTTP/1.1', c('HTTP/1.2'), c('HTTP/1.1'), c('HTTP/2.0')), [true, false, false]);
  assert.deepEqual(covered('A version of another form → 400, then close', c('http/1.1'), c('HTTP/1.1'), c('HTTP/2.0')), [true, false, false]);
  assert.deepEqual(covered('Transfer-Encoding together with Content-Length → 400, then close', c('HTTP/1.1', ['Content-Length: 40', 'Transfer-Encoding: chunked']),
    c('HTTP/1.1', ['Transfer-Encoding: chunked'])), [true, false]);
});

test('odd field lines: refused alone compared on the 400; DEL and a bare LF ending a line either refused or read as written', () => {
  const sample = fc.sample(wireCase, { numRuns: 3000, seed: 13 });
  const kinds = new Set(sample.filter((c) => c.oddity).map((c) => c.oddity.what.replace(/^0x[0-9a-f]{2}/, 'a control')));
  assert.deepEqual(['a bare CR in a field value', 'a bare LF ending a field line', 'a DEL in a field value', 'a control in a field value',
    'a control in a field name', 'a space in a field name'].filter((k) => !kinds.has(k)), []);
  assert.ok(sample.every((c) => !(c.oddity && c.limit)), 'no limit beside an odd field line');
  const date = 'Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n';
  const hello = `HTTP/1.1 200 OK\r\n${date}Content-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, World!`;
  const refusal = `HTTP/1.1 400 X\r\n${date}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
  const answers = (text, closed) => ({ ...parseResponses(Buffer.from(text), ['GET', 'GET']), closed });
  const c = { method: 'GET', target: '/hello', version: 'HTTP/1.1', leadingCrlf: false, framing: { what: 'no body', fields: [], body: '' } };
  const nul = { ...c, oddity: { what: '0x00 in a field value', line: 'X-Odd: a\0b', refused: true } };
  assert.deepEqual(judgeWire(nul, answers(refusal, true)).verdict, { refused: true, status: 400, canary: 'unanswered' });
  assert.notDeepEqual(judgeWire(nul, answers(refusal, true)).verdict, judgeWire(nul, answers(hello + hello, false)).verdict);
  assert.deepEqual(judgeWire({ ...nul, version: 'HTTP/2.0', target: '/hello#x' }, answers(refusal.replace('400', '505'), true)).verdict,
    judgeWire({ ...nul, version: 'HTTP/2.0', target: '/hello#x' }, answers(refusal, true)).verdict, 'two rules: either answer');
  const lf = { ...c, oddity: { what: 'a bare LF ending a field line', line: 'X-Odd: ab', lf: true, either: true } };
  assert.deepEqual(judgeWire(lf, answers(refusal, true)).verdict, judgeWire(lf, answers(hello + hello, false)).verdict);
  assert.match(wireBytes(lf, 'h').toString('latin1'), /^GET \/hello HTTP\/1\.1\r\nHost: h\r\nX-Odd: ab\nContent-Type: application\/json\r\n\r\nGET /);
});

test('cut requests: no answer or a refusal, never the answer of a whole request where the body or head was missing', () => {
  const sample = fc.sample(wireCase, { numRuns: 3000, seed: 17 }).filter((c) => c.truncation);
  assert.ok(sample.some((c) => c.truncation.part === 'body' && c.framing.body) && sample.some((c) => c.truncation.part === 'head'));
  for (const c of sample.slice(0, 50)) {
    const bytes = wireBytes(c, 'h').toString('latin1');
    assert.ok(!bytes.endsWith('GET /hello HTTP/1.1\r\nHost: h\r\n\r\n'), 'no canary after a cut');
    assert.ok(bytes.length <= wireBytes({ ...c, truncation: null }, 'h').length - 33, 'shorter than the whole request and its canary');
  }
  const date = 'Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n';
  const answers = (text) => ({ ...parseResponses(Buffer.from(text), ['POST']), closed: true });
  const ok = `HTTP/1.1 200 OK\r\n${date}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
  const event = { method: 'POST', target: '/event', version: 'HTTP/1.1', leadingCrlf: false,
    framing: { what: 'Content-Length', fields: ['Content-Length: 2'], body: '{}' } };
  const inBody = { ...event, truncation: { part: 'body', at: 0.5 } };
  assert.match(judgeWire(inBody, answers(ok)).problems.join(), /answered as whole/);
  assert.deepEqual(judgeWire(inBody, answers('')).problems, []);
  assert.deepEqual(judgeWire(inBody, answers(ok.replace('200 OK', '400 X').replace('2\r\n\r\n{}', '17\r\n\r\n{"error":"short"}'))).problems, []);
  assert.deepEqual(judgeWire({ ...inBody, method: 'GET', target: '/hello' }, answers(ok)).problems, [], 'a route that reads no body');
  assert.match(judgeWire({ ...inBody, method: 'GET', target: '/hello', truncation: { part: 'head', at: 0.9 } }, answers(ok)).problems.join(),
    /cut in its head/);
});
