// HTTP client for the suite: node:http with the path sent exactly as given (fetch and URL would normalise
// `..` and percent-escapes away), and the checks that hold for every response applied to every response.
import assert from 'node:assert/strict';
import http from 'node:http';
import { baseUrl } from './config.mjs';

const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });

// Leaks that must never reach a client: stack frames, exception classes, SQL, framework names and pages,
// file system errors.
const LEAKS = [
  /\n\s*at \S/, /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/, /\bat [\w$.]+\([\w$]+\.(java|kt|scala):\d+\)/, // stack frames
  /\b[A-Z]\w*(Exception|Error)\b/, // class names: NullPointerException, SequelizeDatabaseError, TypeError
  /\bSELECT\b[\s\S]*\bFROM\b/i, /\bINSERT\s+INTO\b/i, /\bUPDATE\s+\S+\s+SET\b/i, /\bDELETE\s+FROM\b/i,
  /\bER_[A-Z_]+/, /SQLSTATE/i,
  /\b(express|sequelize|mysql2|mariadb|netty|spring|vert\.?x|tomcat|jetty|hibernate|whitelabel)\b/i,
  /<html/i, /node_modules|\.js:\d+|\.java:\d+/, /\b(ENOENT|EISDIR|ENOTDIR|EACCES)\b|no such file/i,
];

/** Every 4xx/5xx carries `{"error": "<short human message>"}` as application/json and leaks nothing. */
export function assertErrorBody(res) {
  assert.match(res.headers['content-type'] ?? '', /^application\/json\b/i, `error ${res.status} must be application/json`);
  let body;
  assert.doesNotThrow(() => { body = JSON.parse(res.text); }, `error body must be JSON: ${res.text.slice(0, 200)}`);
  assert.ok(body && typeof body === 'object' && !Array.isArray(body), 'error body must be a JSON object');
  assert.deepEqual(Object.keys(body), ['error'], `error body is {"error": …} and nothing else: ${res.text.slice(0, 200)}`);
  assert.equal(typeof body.error, 'string', `error body needs a string "error": ${res.text.slice(0, 200)}`);
  assert.ok(body.error.length > 0, 'error message must not be empty');
  for (const leak of LEAKS) assert.doesNotMatch(res.text, leak, `error body leaks internals: ${res.text.slice(0, 300)}`);
}

// RFC 9110 §5.6.7: the one form a sender generates, e.g. Sun, 06 Nov 1994 08:49:37 GMT.
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** Date header; Content-Length or chunked; Content-Type whenever there is a body; HEAD has none. */
export function assertEnvelope(res) {
  const h = res.headers;
  assert.ok(h.date && !Number.isNaN(Date.parse(h.date)), `${res.method} ${res.path}: missing or invalid Date header`);
  assert.match(h.date, IMF_FIXDATE, `${res.method} ${res.path}: Date "${h.date}" is not an IMF-fixdate (two-digit day)`);
  const bodyless = res.status === 304 || res.status === 204 || res.status < 200;
  if (!bodyless) {
    assert.ok(h['content-length'] !== undefined || /\bchunked\b/i.test(h['transfer-encoding'] ?? ''),
      `${res.method} ${res.path}: needs Content-Length or chunked transfer encoding`);
  }
  const announced = Number(h['content-length'] ?? 0) > 0;
  if (res.body.length > 0 || announced) {
    assert.ok(h['content-type'], `${res.method} ${res.path}: a response with a body needs Content-Type`);
  }
  if (res.method === 'HEAD') assert.equal(res.body.length, 0, 'HEAD must not send a body');
  else if (!bodyless && h['content-length'] !== undefined) assert.equal(res.body.length, Number(h['content-length']), 'body length != Content-Length');
  if (res.status >= 400 && res.method !== 'HEAD') assertErrorBody(res);
}

const BODY_LIMIT = 1024 * 1024;
const HOLD_MS = 1_000;

/**
 * Sends one request (without a Host header when `setHost` is false). `body` is a Buffer or string (sent with Content-Length) unless `chunked` is set, in which
 * case it goes out in 64 KiB chunks without a length. Resolves with the response once its body has ended.
 * A body over the contract's 1 MiB with Content-Length may be refused unread (413, or 404, 405, 415 from the
 * head): its head goes first, and the body only when no answer has ended within HOLD_MS. A server that answers
 * and closes while the body is still arriving resets the connection (RFC 9112 §9.6), and the reset can reach
 * this client before it has read the answer (seen through Docker's NAT: "write ECONNRESET").
 */
export function request(method, path, { headers = {}, body, chunked = false, timeout = 5_000, envelope = true, setHost = true } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const allHeaders = { ...headers };
    if (payload && !chunked) allHeaders['content-length'] = payload.length;
    const req = http.request({ host: baseUrl.hostname, port: baseUrl.port, method, path, headers: allHeaders, agent, setHost });
    let responded = false;
    const timer = setTimeout(() => req.destroy(new Error(`${method} ${path}: no complete response within ${timeout} ms`)), timeout);
    req.on('error', (err) => {
      // A server may answer (413, 415) before reading the whole body and drop the rest: the answer counts.
      if (!responded) { clearTimeout(timer); reject(err); }
    });
    req.on('response', (incoming) => {
      responded = true;
      const chunks = [];
      incoming.on('data', (c) => chunks.push(c));
      incoming.on('error', (err) => { clearTimeout(timer); reject(err); });
      incoming.on('end', () => {
        clearTimeout(timer);
        const buf = Buffer.concat(chunks);
        const res = { method, path, status: incoming.statusCode, headers: incoming.headers, body: buf, text: buf.toString('utf8') };
        res.json = () => JSON.parse(res.text);
        try {
          if (envelope) assertEnvelope(res);
          resolve(res);
        } catch (err) {
          reject(err);
        }
      });
    });
    if (payload && chunked) {
      for (let i = 0; i < payload.length; i += 65536) req.write(payload.subarray(i, i + 65536));
      req.end();
    } else if (payload && payload.length > BODY_LIMIT) {
      req.flushHeaders();
      const hold = setTimeout(() => req.end(payload), HOLD_MS);
      // An answer may also end only once the body is read (Tomcat finishes a chunked 404 after swallowing it): the
      // body is held back only until the answer has ended. Answered without it, the connection cannot be reused.
      req.once('response', (incoming) => incoming.once('end', () => {
        clearTimeout(hold);
        if (!req.writableEnded) req.destroy();
      }));
    } else {
      req.end(payload);
    }
  });
}

export const get = (path, opts) => request('GET', path, opts);
export const head = (path, opts) => request('HEAD', path, opts);
export const post = (path, body, contentType, opts = {}) =>
  request('POST', path, { ...opts, body, headers: { ...(contentType ? { 'content-type': contentType } : {}), ...opts.headers } });

/** Starts a download and destroys it after `bytes` have arrived; resolves once the socket is gone. */
export function abortDownload(path, bytes) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: baseUrl.hostname, port: baseUrl.port, path, agent: false });
    const timer = setTimeout(() => req.destroy(new Error(`${path}: fewer than ${bytes} bytes within 10 s`)), 10_000);
    req.on('error', (err) => { clearTimeout(timer); if (err.code === 'ECONNRESET' || err.message === 'aborted') resolve(); else reject(err); });
    req.on('response', (res) => {
      let seen = 0;
      res.on('data', (c) => {
        seen += c.length;
        if (seen >= bytes) { clearTimeout(timer); req.destroy(); resolve(seen); }
      });
      res.on('error', () => {});
    });
    req.end();
  });
}

/** Byte-for-byte equality that reports where two bodies first differ rather than printing both whole. */
export function assertSameBytes(actual, expected, what = 'body') {
  if (actual.equals(expected)) return;
  let i = 0;
  while (i < actual.length && i < expected.length && actual[i] === expected[i]) i++;
  const around = (buf) => JSON.stringify(buf.subarray(Math.max(0, i - 40), i + 40).toString('utf8'));
  assert.fail(`${what} differs at byte ${i} (length ${actual.length}, expected ${expected.length}):\n` +
    `  got      ${around(actual)}\n  expected ${around(expected)}`);
}

export function closeAgent() {
  agent.destroy();
}
