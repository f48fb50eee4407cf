// Sending one generated request to a target, and reducing its answer to what spec/API.md fixes (the verdict that
// targets are compared on), with the contract's alternatives folded together. What no answer may ever be (a 5xx,
// an error without the JSON error body, a dropped connection, a hang) is a problem on its own, whatever the
// others answered.
import { createHash } from 'node:crypto';
import http from 'node:http';

const TIMEOUT_MS = 15_000; // a hang, not a slow answer: a cold JVM's first JPA transaction on a loaded 2-core host takes seconds
const agents = new Map();
const agentFor = (url) => {
  if (!agents.has(url.origin)) agents.set(url.origin, new http.Agent({ keepAlive: true, maxSockets: 4 }));
  return agents.get(url.origin);
};
export const closeAgents = () => { for (const agent of agents.values()) agent.destroy(); };

/** Resolves with { status, headers, body } or { error }; never rejects. */
export function send(base, req) {
  const url = new URL(base);
  return new Promise((resolve) => {
    const wire = req.wire ?? {};
    const pieces = wire.chunked && req.body?.length ? chunks(req.body, wire.chunked) : null;
    // A flat list gets no Host of node's own.
    const fields = [...(wire.noHost ? [] : [['host', url.host]]), ...Object.entries(req.headers)];
    if (req.body !== undefined && !pieces) fields.push(['content-length', String(req.body.length)]);
    if (wire.hostTwice) fields.push(['host', 'other.example']);
    const target = wire.absoluteForm ? `http://${wire.absoluteForm === 'same host' ? url.host : 'other.example'}${req.path}` : req.path;
    // As a flat list (node:http sends it as given): names in any case, a field twice.
    const headers = fields.flatMap(([name, value]) => [wire.upperNames ? name.toUpperCase() : name, value]);
    let done = false;
    const finish = (answer) => { if (!done) { done = true; clearTimeout(timer); resolve(answer); } };
    let outgoing;
    try {
      outgoing = http.request({ host: url.hostname, port: url.port, method: req.method, path: target, headers, agent: agentFor(url) });
    } catch (error) {
      finish({ error: `the client could not send it: ${error.message}`, unsendable: true });
      return;
    }
    const timer = setTimeout(() => { finish({ error: `no complete answer within ${TIMEOUT_MS} ms` }); outgoing.destroy(); }, TIMEOUT_MS);
    outgoing.on('error', (error) => finish({ error: `connection: ${error.code ?? error.message}` }));
    outgoing.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => finish({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (error) => finish({ error: `response: ${error.code ?? error.message}` }));
    });
    if (pieces) {
      for (const piece of pieces) outgoing.write(piece);
      outgoing.end();
    } else outgoing.end(req.body);
  });
}

/** The body in `count` pieces, each sent as a chunk of its own (Transfer-Encoding: chunked). */
function chunks(body, count) {
  const size = Math.max(1, Math.ceil(body.length / count));
  const out = [];
  for (let at = 0; at < body.length; at += size) out.push(body.subarray(at, at + size));
  return out;
}

const routeOf = (req) => req.path.split('?')[0];
const sha = (buf) => createHash('sha256').update(buf).digest('hex').slice(0, 16);
const mediaType = (value) => (value ?? '').split(';')[0].trim().toLowerCase();
const methods = (allow, keepHead) =>
  (allow ?? '').split(',').map((m) => m.trim().toUpperCase()).filter((m) => m && (keepHead || m !== 'HEAD')).sort().join(',');

function errorMessage(answer) {
  try {
    const parsed = JSON.parse(answer.body.toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.keys(parsed).length === 1 && typeof parsed.error === 'string'
      && parsed.error.length > 0 ? parsed.error : null;
  } catch {
    return null;
  }
}

/** What answers must never be: a problem of this target alone. */
export function problemsOf(req, answer) {
  if (answer.error) return [answer.error];
  const problems = [];
  if (answer.status >= 500) problems.push(`${answer.status}: ${answer.body.toString('utf8').slice(0, 120)}`);
  if (answer.status >= 400 && req.method !== 'HEAD') {
    if (mediaType(answer.headers['content-type']) !== 'application/json' || errorMessage(answer) === null) {
      problems.push(`${answer.status} without the JSON error body (${answer.headers['content-type'] ?? 'no Content-Type'}): ${JSON.stringify(answer.body.toString('latin1').slice(0, 80))}`);
    }
  }
  if (!answer.headers.date) problems.push('no Date header');
  return problems;
}

/**
 * The parts of an answer the contract fixes, as one comparable object. Folded: 400 and 404 for a static path
 * (§4.1 "either"), 426 and 400 for a plain GET /chat (§7.1); HEAD in Allow except on /static (§1.4 "may").
 */
export function verdictOf(req, answer) {
  if (answer.error) return { error: 'no answer' };
  const route = routeOf(req);
  const isStatic = route.startsWith('/static/');
  let status = answer.status;
  // 400 or 404 either: a static path (§4.1), a path that is no valid URI path (§1.4).
  if ((isStatic || /%(?![0-9a-f]{2})/i.test(route)) && status === 400) status = 404;
  if (route === '/chat' && req.method === 'GET' && status === 400) status = 426;
  const v = { status };
  const h = answer.headers;
  if (status === 405) v.allow = methods(h.allow, isStatic);
  if (status === 422 || status === 409) v.error = errorMessage(answer);
  if (isStatic && (status === 200 || status === 206)) {
    v.type = mediaType(h['content-type']);
    v.length = h['content-length'];
    v.lastModified = h['last-modified'];
    if (status === 206) v.range = h['content-range'];
    if (req.method === 'GET') v.body = sha(answer.body);
  }
  if (status === 416) v.range = h['content-range'];
  if (!isStatic && status < 300) {
    v.type = mediaType(h['content-type']);
    v.body = route === '/bookings' || route === '/aggregates' ? canonicalJson(answer.body) : answer.body.toString('latin1');
  }
  return v;
}

function canonicalJson(body) {
  try {
    return JSON.stringify(JSON.parse(body.toString('utf8')));
  } catch {
    return `not JSON: ${body.toString('latin1').slice(0, 200)}`;
  }
}

/** One line per answer, for a report. */
export function summary(answer) {
  if (answer.error) return answer.error;
  const h = answer.headers;
  const extra = [h['content-range'] && `Content-Range: ${h['content-range']}`, h.allow && `Allow: ${h.allow}`].filter(Boolean).join(', ');
  return `${answer.status}${extra ? ` (${extra})` : ''} ${JSON.stringify(answer.body.toString('utf8').slice(0, 160))}`;
}

/** Requests that touch every route once (a booking under a model no generated case uses). */
export function warmUp() {
  const json = { 'content-type': 'application/json' };
  const booking = { bookingId: 'warm-up', dollarValue: '1.00', startDate: '2030-01-01', endDate: '2030-12-31',
    originTs: '1700000000000', model: 'fuzz warm-up', trim: 'LE' };
  return [
    { method: 'GET', path: '/hello', headers: {} },
    { method: 'POST', path: '/event', headers: json, body: Buffer.from('{"eventName":"warm-up","teams":[]}') },
    { method: 'POST', path: '/bookings', headers: json, body: Buffer.from(JSON.stringify(booking)) },
    { method: 'GET', path: '/aggregates?model=fuzz%20warm-up', headers: {} },
    { method: 'GET', path: '/static/hello.txt', headers: { range: 'bytes=0-1' } },
  ];
}
