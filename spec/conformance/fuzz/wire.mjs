// The fuzzer's raw-wire cases (spec/API.md §1.6): requests built as bytes, below what an HTTP client would send:
// the request line (methods, targets with `#` and `%2F`, versions), an empty line ahead of it, and the framing of a
// body (Content-Length, Transfer-Encoding, both, chunk sizes, extensions and trailers, the smuggling disguises),
// field lines with a NUL, a bare CR or LF or another control character in them, and requests the client cuts short.
// Each whole one is followed on the same connection by a canary GET /hello. Targets are compared on the first answer's
// verdict, how many answers came and whether the connection was closed; an answer to the request hidden in a body
// (a desync) fails the run whatever the others answered.
import fc from 'fast-check';
import { METHODS } from 'node:http';
import { staticTree } from '../../fixtures/static/generate.mjs';
import { exchange } from '../lib/wire.mjs';
import { problemsOf, verdictOf } from './answers.mjs';

// What a desync would answer: no case asks for this file but the one hidden inside a body.
const HIDDEN_PATH = '/static/sub/nested.txt';
const HIDDEN_BODY = staticTree()['sub/nested.txt'];
const HIDDEN = `GET ${HIDDEN_PATH} HTTP/1.1\r\nHost: hidden\r\n\r\n`;
const EVENT = '{"eventName":"wire","teams":[]}';

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 2, arbitrary: fc.constantFrom('HEAD', 'PUT', 'DELETE') },
  { weight: 2, arbitrary: fc.constantFrom('BREW', 'get', 'PROPFIND', 'TRACE', 'Post') },
);
const target = fc.tuple(
  fc.constantFrom('/hello', '/event', '/health', '/static/hello.txt', '/no-such-route', '/chat', '/bookings'),
  fc.oneof({ weight: 8, arbitrary: fc.constant('') }, { weight: 2, arbitrary: fc.constantFrom('#x', '?a=1#b', '%2F', '%2fx', '#') }),
).map(([path, tail]) => path + tail);
const version = fc.oneof(
  { weight: 10, arbitrary: fc.constant('HTTP/1.1') },
  { weight: 3, arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/1.2', 'HTTP/1.9') },
  { weight: 2, arbitrary: fc.constantFrom('HTTP/2.0', 'HTTP/0.9', 'HTTP/3.0', 'http/1.1', 'HTTP/1', 'HTTP/1.1.1', 'HTTPS/1.1', 'HTTP/11') },
);

const hex = (n) => n.toString(16);
const chunked = (text, { ext = '', trailer = '' } = {}) => {
  const half = Math.ceil(text.length / 2);
  return [text.slice(0, half), text.slice(half)].filter(Boolean).map((p) => `${hex(p.length)}${ext}\r\n${p}\r\n`).join('')
    + `0\r\n${trailer}\r\n`;
};
// A body and the fields that frame it: sound ones, then each kind §1.6 refuses, then the classic smuggling pairs.
const framing = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(
    { what: 'no body', fields: [], body: '' },
    { what: 'Content-Length', fields: [`Content-Length: ${EVENT.length}`], body: EVENT },
    { what: 'a request inside a counted body', fields: [`Content-Length: ${EVENT.length + HIDDEN.length}`], body: EVENT + HIDDEN },
    { what: 'chunked', fields: ['Transfer-Encoding: chunked'], body: chunked(EVENT) },
    { what: 'chunked, with a chunk extension', fields: ['Transfer-Encoding: chunked'], body: chunked(EVENT, { ext: ';a=b' }) },
    { what: 'chunked, with a trailer', fields: ['Transfer-Encoding: chunked'], body: chunked(EVENT, { trailer: 'X-Trailer: 1\r\n' }) },
    { what: 'chunked, upper-case hex', fields: ['Transfer-Encoding: chunked'], body: `${hex(EVENT.length).toUpperCase()}\r\n${EVENT}\r\n0\r\n\r\n` },
    { what: 'a request inside a chunk', fields: ['Transfer-Encoding: chunked'], body: `${hex(HIDDEN.length)}\r\n${HIDDEN}\r\n0\r\n\r\n` },
  ) },
  { weight: 3, arbitrary: fc.constantFrom(...[
    ...['abc', '-1', '+5', '1.0', '', '0x10', `${EVENT.length}, ${EVENT.length + 1}`].map((cl) => ({ what: `Content-Length: ${cl}`,
      fields: [`Content-Length: ${cl}`], body: EVENT })),
    { what: 'two Content-Length fields', fields: [`Content-Length: ${EVENT.length}`, `Content-Length: ${EVENT.length + 1}`], body: EVENT },
    { what: 'Transfer-Encoding: gzip', fields: ['Transfer-Encoding: gzip'], body: EVENT },
    { what: 'Transfer-Encoding: chunked, gzip', fields: ['Transfer-Encoding: chunked, gzip'], body: chunked(EVENT) },
    ...['0x1c', '-1c', 'zz', '', ' 1c', '1c 1'].map((size) => ({ what: `chunk size "${size}"`, fields: ['Transfer-Encoding: chunked'],
      body: `${size}\r\n${EVENT.padEnd(28, ' ').slice(0, 28)}\r\n0\r\n\r\n` })),
    { what: 'chunk data without its CRLF', fields: ['Transfer-Encoding: chunked'], body: `5\r\nhelloXX0\r\n\r\n${HIDDEN}` },
  ].map((f) => ({ ...f, refused: true }))) },
  { weight: 2, arbitrary: fc.constantFrom(...[
    { what: 'CL.TE', fields: ['Content-Length: 40', 'Transfer-Encoding: chunked'], body: `0\r\n\r\n${HIDDEN}` },
    { what: 'TE.CL', fields: ['Transfer-Encoding: chunked', 'Content-Length: 4'], body: `${hex(HIDDEN.length + 1)}\r\nx${HIDDEN}\r\n0\r\n\r\n` },
    { what: 'TE.TE, the last not chunked', fields: ['Transfer-Encoding: chunked', 'Transfer-Encoding: x'], body: `0\r\n\r\n${HIDDEN}` },
    { what: 'TE.TE, whitespace before the colon', fields: ['Transfer-Encoding : chunked', 'Content-Length: 40'], body: `0\r\n\r\n${HIDDEN}` },
    { what: 'TE.TE, xchunked', fields: ['Transfer-Encoding: xchunked'], body: `0\r\n\r\n${HIDDEN}` },
    { what: 'TE.TE, obs-fold', fields: ['Transfer-Encoding: x,', ' chunked', 'Content-Length: 40'], body: `0\r\n\r\n${HIDDEN}` },
  ].map((f) => ({ ...f, refused: true }))) },
);

// A field line that breaks RFC 9112 §5 or RFC 9110 §5.5 (§1.6 "Field lines"), sent right after Host: refused, or
// (`either`) refused or read as written: a DEL in a value, which RFC 9110 §5.5 lets a recipient keep, and a bare LF
// ending the line, which RFC 9112 §2.2 lets a recipient read as CRLF. `lf` marks the line sent with a bare LF.
const hex2 = (code) => `0x${code.toString(16).padStart(2, '0')}`;
const CONTROLS = [...Array(32).keys()].filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d).concat(0x7f);
const oddity = fc.oneof(
  { weight: 16, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(
    { what: 'a bare CR in a field value', line: 'X-Odd: a\rb', refused: true },
    { what: 'a bare CR before a field line\'s CRLF', line: 'X-Odd: ab\r', refused: true },
    { what: 'a bare LF in a field value, the rest no field line', line: 'X-Odd: a\nbc', refused: true },
    { what: 'a space in a field name', line: 'X-O dd: ab', refused: true },
    { what: 'a DEL in a field value', line: 'X-Odd: a\x7fb', either: true },
    { what: 'a bare LF ending a field line', line: 'X-Odd: ab', lf: true, either: true },
  ) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS.filter((code) => code !== 0x7f)).map((code) => ({
    what: `${hex2(code)} in a field value`, line: `X-Odd: a${String.fromCharCode(code)}b`, refused: true })) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS).map((code) => ({
    what: `${hex2(code)} in a field name`, line: `X-O${String.fromCharCode(code)}dd: ab`, refused: true })) },
);

// A request the client ends (its FIN) before it is whole (RFC 9112 §8): cut inside the head, or inside the body when
// there is one. `at` places the cut, as a share of the part cut.
const truncation = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.record({ part: fc.constantFrom('head', 'body'), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }) },
);

// The four limits (§1.6): one of them pushed to a size served, just refused or far over (a head past 32,768 bytes),
// never between the figure served and the figure refused, where each parser counts its own way.
const LIMITS = { target: [8_000, 8_192], section: [16_000, 16_384], fields: [100, 100] };
const HEAD_BYTES = 32_768;
const sized = (served, refused, far) => fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: 1, max: served }) },
  { weight: 2, arbitrary: fc.integer({ min: refused + 1, max: Math.ceil(refused * 1.1) }) },
  { weight: 1, arbitrary: fc.constant(far) },
);
const limit = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('target'), size: sized(...LIMITS.target, 40_000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('section'), size: sized(...LIMITS.section, 40_000),
    lines: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fields'), size: sized(...LIMITS.fields, 5_000) }) },
);

/** The request line and field lines of a case, padded up to its limit's size (fields after the case's own). */
export function headOf(c, host) {
  const fields = [`Host: ${host}`, ...(c.oddity ? [c.oddity.line] : []), 'Content-Type: application/json', ...(c.framing.fields ?? [])];
  let { target } = c;
  const room = (used) => Math.max(0, (c.limit?.size ?? 0) - used);
  if (c.limit?.kind === 'target') {
    const pad = room(target.length + 3);
    if (pad) target += `${target.includes('?') ? '&' : '?'}p=${'x'.repeat(pad)}`;
  } else if (c.limit?.kind === 'section') {
    const pad = room(fields.reduce((sum, f) => sum + f.length + 2, 0));
    const lines = Math.min(c.limit.lines, Math.floor(pad / 16));
    for (let i = 0; i < lines; i += 1) {
      const name = `X-Pad-${i}: `;
      fields.push(name + 'x'.repeat(Math.floor(pad / lines) + (i < pad % lines ? 1 : 0) - name.length - 2));
    }
  } else if (c.limit?.kind === 'fields') {
    for (let i = room(fields.length); i > 0; i -= 1) fields.push(`X-F-${i}: ${i}`);
  }
  return { line: `${c.method} ${target} ${c.version}`, fields };
}

/** Which limits the case's head is over ({ over, far }), by the contract's measures. */
export function limitsOf(c) {
  if (!c.limit) return { over: false, far: false };
  const { line, fields } = headOf(c, 'h');
  const target = line.split(' ')[1].length;
  const section = fields.reduce((sum, f) => sum + f.length + 2, 0);
  const over = target > LIMITS.target[1] || section > LIMITS.section[1] || fields.length > LIMITS.fields[1];
  return { over, far: line.length + 2 + section > HEAD_BYTES };
}

const hasTransferEncoding = (c) => (c.framing.fields ?? []).some((f) => /^transfer-encoding\s*:/i.test(f));
const servedVersion = (v) => /^HTTP\/1\.\d$/.test(v);

// The wire checks a target may declare a fuzz deviation from (spec/API.md §10), each with the cases it covers.
export const WIRE_CHECKS = {
  'A higher minor version is served as HTTP/1.1': (c) => /^HTTP\/1\.[2-9]$/.test(c.version),
  'A version of another form → 400, then close': (c) => !/^HTTP\/\d\.\d$/.test(c.version),
  'Empty lines before the request line are ignored': (c) => c.leadingCrlf,
  'An empty Content-Length → 400, then close': (c) => c.framing.what === 'Content-Length: ',
  // A method Node's parser does not know (http.METHODS): BREW, get.
  'A method a route does not implement is a wrong method': (c) => !METHODS.includes(c.method),
  'Transfer-Encoding together with Content-Length → 400, then close': (c) => hasTransferEncoding(c)
    && c.framing.fields.some((f) => /^content-length\s*:/i.test(f)),
  'An HTTP/1.0 request with Transfer-Encoding has faulty framing': (c) => c.version === 'HTTP/1.0' && hasTransferEncoding(c),
  'TRACE with content is a wrong method like any other': (c) => c.method === 'TRACE' && Boolean(c.framing.body),
  'A chunk size with whitespace in it → 400, then close': (c) => /^chunk size ".* .*"$/.test(c.framing.what),
};

/**
 * Whether §1.6 leaves the case one answer and then the close, whatever its status: a framing or a field line it
 * refuses (a bad field line that breaks no other rule is compared on its 400 too); an HTTP/1.0
 * request with Transfer-Encoding (RFC 9112 §6.1: faulty framing, answered and closed); a version not served
 * (another major, another form) on a request that also carries a body or a `#`, where either rule's answer is right.
 */
export const refusedCase = (c) => Boolean(c.framing.refused) || Boolean(c.oddity?.refused)
  || (c.version === 'HTTP/1.0' && hasTransferEncoding(c))
  || (!servedVersion(c.version) && (Boolean(c.framing.body) || c.target.includes('#')));

/**
 * One raw case: { method, target, version, leadingCrlf, framing, limit, oddity, truncation }. A HEAD over a limit is
 * sent as GET: a parser that stops in the request line cannot know it was a HEAD, and its body would be read as the
 * canary's answer. A case has at most one of a limit, an odd field line and a cut: sizes near a limit are counted
 * in CRLFs, and a cut request is never whole.
 */
export const wireCase = fc.record({
  method, target, version, framing, limit, oddity, truncation,
  leadingCrlf: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
}).map((c) => (c.truncation ? { ...c, limit: null, oddity: null } : c.oddity ? { ...c, limit: null } : c))
  .map((c) => (c.method === 'HEAD' && limitsOf(c).over ? { ...c, method: 'GET' } : c));

/** The case's bytes, followed by the canary, for a target at `host`. */
export function wireBytes(c, host) {
  const { line, fields } = headOf(c, host);
  const ends = [line, ...fields].map((l) => (c.oddity?.lf && l === c.oddity.line ? '\n' : '\r\n'));
  const head = `${c.leadingCrlf ? '\r\n' : ''}${[line, ...fields].map((l, i) => l + ends[i]).join('')}\r\n`;
  if (c.truncation) {
    const body = c.framing.body;
    const cut = (part) => part.slice(0, Math.max(1, Math.floor(c.truncation.at * part.length)));
    return Buffer.from(c.truncation.part === 'body' && body ? head + cut(body) : cut(head), 'latin1');
  }
  return Buffer.from(`${head}${c.framing.body}GET /hello HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 'latin1');
}

/** Whether the cut falls inside the body (else the head never ended). */
const cutInBody = (c) => c.truncation.part === 'body' && c.framing.body !== '';

const describeLimit = ({ kind, size, lines }) => (kind === 'fields' ? `${size} field lines`
  : kind === 'target' ? `a ${size}-byte target` : `a ${size}-byte section in ${lines} padding fields`);
export const describeWire = (c) => `${c.leadingCrlf ? 'CRLF, ' : ''}${c.method} ${c.target} ${c.version} with ${c.framing.what}`
  + `${c.limit ? `, ${describeLimit(c.limit)}` : ''}${c.oddity ? `, ${c.oddity.what}` : ''}`
  + (c.truncation ? `, cut in its ${cutInBody(c) ? 'body' : 'head'} at ${Math.round(c.truncation.at * 100)} % and the client's FIN`
    : ', then a canary GET /hello');

/** Sends the case; resolves with { verdict, problems, shown } for fuzz/judge.mjs. */
export async function runWire(base, c) {
  const url = new URL(base);
  let answer;
  try {
    answer = await exchange(wireBytes(c, url.host), { host: url.hostname, port: Number(url.port), expect: c.truncation ? 1 : 2,
      heads: [c.method], quietMs: 5_000, timeoutMs: 15_000, halfClose: Boolean(c.truncation) });
  } catch (error) {
    return { verdict: { error: 'no answer' }, problems: [`connection: ${error.code ?? error.message}`], shown: error.message };
  }
  return judgeWire(c, answer);
}

/** An answer's problems (fuzz/answers.mjs), where a 505 is §1.6's answer, not a server error. */
const envelopeProblems = (req, res) => problemsOf(req, res).filter((p) => !(res.status === 505 && /^505:/.test(p)));

/** What the targets are compared on, and what no answer may be. Exported for the fuzzer's own tests. */
export function judgeWire(c, { responses, closed }) {
  if (c.truncation) return judgeCut(c, { responses, closed });
  const [first, canary] = responses;
  const req = { method: c.method, path: c.target.split('#')[0], headers: {} };
  const problems = [];
  if (!first) problems.push(closed ? 'the connection closed with no answer' : 'no answer');
  for (const res of responses) {
    problems.push(...envelopeProblems(res === first ? req : { method: 'GET', path: '/hello', headers: {} }, res));
    if (HIDDEN_BODY.equals(res.body)) problems.push(`desync: the request hidden in the body was answered (${res.status} ${HIDDEN_PATH})`);
  }
  if (responses.length > 2) problems.push(`${responses.length} answers to two requests`);
  // A framing §1.6 refuses (refusedCase): one answer, then the close, the canary never read. That answer is the 400, or
  // what the route answered before it read the body (a GET /hello answers at once), so its status is not compared.
  // After another 400 or a 505 the contract fixes whether the connection lives on only for the version cases,
  // which spec/conformance/wire.test.mjs checks; a desync is caught above whatever happened.
  // A server may also close rather than read a body its route did not need (RFC 9112 §9.6).
  // A 404 where the contract allows 400 instead (a static path, §4.1) is settled as that 400 would be.
  const settled = first && (first.status === 400 || first.status === 505 || c.framing.body !== ''
    || verdictOf(req, { ...first, status: 400 }).status === first.status);
  // A head over a limit: 414 or 431, then the close. Far over (past 32,768 bytes) either status; over a limit and
  // breaking another rule too, either rule's answer (any status, still refused).
  const limits = limitsOf(c);
  const limitStatus = () => (refusedCase(c) || !servedVersion(c.version) || c.target.includes('#') ? 'either'
    : limits.far && [414, 431].includes(first?.status) ? '414 or 431' : first?.status ?? null);
  // A field line §1.6 refuses, the only rule the case breaks: its 400 is compared too.
  const alone = !c.framing.refused && servedVersion(c.version) && !c.target.includes('#')
    && !(c.version === 'HTTP/1.0' && hasTransferEncoding(c));
  const verdict = limits.over ? { refused: true, status: limitStatus(), canary: canary ? 'answered' : 'unanswered' }
    : c.oddity?.refused ? { refused: true, ...(alone ? { status: first?.status ?? null } : {}), canary: canary ? 'answered' : 'unanswered' }
    : refusedCase(c) ? { refused: true, canary: canary ? 'answered' : 'unanswered' }
    // A field line either refused or read as written: only the envelope of the answers is checked (problems above).
    : c.oddity?.either ? { first: 'refused or read as written', canary: 'either' } : {
    first: first ? verdictOf(req, first) : null,
    canary: settled ? 'either' : canary ? canary.status : closed ? 'closed' : 'none',
  };
  const shown = responses.map((r) => `${r.version} ${r.status}${r.headers.allow ? ` (Allow: ${r.headers.allow})` : ''} ${JSON.stringify(r.text.slice(0, 80))}`)
    .join(' | ') + (closed ? ' | closed' : ' | open');
  return { verdict, problems, shown };
}

// The routes that read a body before they answer: a cut body they answered as whole would be echoed or booked.
const readsBody = (c) => c.method === 'POST' && ['/event', '/bookings'].includes(c.target.split(/[?#]/)[0]);

/**
 * A request cut short by the client's FIN (§1.6 "Incomplete requests"): no answer, or a refusal (4xx or 5xx with the
 * contract's envelope); never the answer a whole request gets. Where the head ended, a route may have answered before
 * its body came (GET /hello with a body), but not one that reads the body. Nothing here is compared between targets.
 */
function judgeCut(c, { responses }) {
  const [first] = responses;
  const req = { method: c.method, path: c.target.split('#')[0], headers: {} };
  const problems = responses.flatMap((res) => envelopeProblems(req, res));
  if (responses.length > 1) problems.push(`${responses.length} answers to one request cut short`);
  if (first && first.status < 400 && (!cutInBody(c) || readsBody(c))) {
    problems.push(`${first.status}: answered as whole a request cut in its ${cutInBody(c) ? 'body' : 'head'}`);
  }
  const shown = responses.map((r) => `${r.version} ${r.status} ${JSON.stringify(r.text.slice(0, 80))}`).join(' | ') || 'no answer';
  return { verdict: { cut: true }, problems, shown };
}
