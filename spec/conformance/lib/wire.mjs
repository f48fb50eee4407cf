// Raw bytes to a server and its answers read back off the wire: for what no HTTP client can send (a bad version, a
// broken chunk, two framings at once), and to count the answers, so that a server which answered bytes hidden
// inside a body (a desync) is caught. Used by wire.test.mjs and the fuzzer (fuzz/wire.mjs); it knows no stack.
import net from 'node:net';

/**
 * Writes `bytes` on a new connection and reads the answers: until `expect` answers have arrived, the server has
 * closed the connection, or nothing new has arrived for `quietMs`. Resolves { responses, closed, trailing }: each
 * response is { version, status, headers, body, text, method }; `closed` says whether the server ended the
 * connection. `heads` lists the methods of the requests sent, in order, so that the answer to a HEAD is read
 * without a body. With `halfClose` the client ends its side once the bytes are written.
 */
export function exchange(bytes, { host, port, expect = Infinity, heads = [], quietMs = 700, timeoutMs = 5_000, halfClose = false }) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let received = Buffer.alloc(0);
    let closed = false;
    let quiet;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(quiet);
      clearTimeout(limit);
      socket.destroy();
      try {
        resolve({ ...parseResponses(received, heads), closed });
      } catch (error) {
        reject(error);
      }
    };
    const limit = setTimeout(finish, timeoutMs);
    const rearm = () => { clearTimeout(quiet); quiet = setTimeout(finish, quietMs); };
    // halfClose: the bytes, then this side's FIN, as a client that gave up half-way through a request does.
    socket.on('connect', () => { if (halfClose) socket.end(bytes); else socket.write(bytes); rearm(); });
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      // The last answer expected: a server that closes after it does so at once, so a moment more tells.
      if (parseResponses(received, heads).responses.length >= expect) { clearTimeout(quiet); quiet = setTimeout(finish, 50); } else rearm();
    });
    socket.on('end', () => { closed = true; finish(); });
    // A reset after the answer (the server closed with our canary unread) is a close too.
    socket.on('error', (error) => {
      if (received.length) { closed = true; finish(); } else if (!settled) { settled = true; clearTimeout(limit); clearTimeout(quiet); reject(error); }
    });
  });
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** Where a response's body ends when it starts at `from`, or -1 while it has not all arrived. */
function bodyEnd(buf, from, headers, bodyless) {
  if (bodyless) return from;
  if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
    let at = from;
    for (;;) {
      const lineEnd = buf.indexOf('\r\n', at);
      if (lineEnd < 0) return -1;
      const size = parseInt(buf.subarray(at, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) throw new Error(`a chunk size that is no number in an answer: ${buf.subarray(at, lineEnd).toString('latin1').slice(0, 40)}`);
      if (size === 0) {
        const trailersEnd = buf.indexOf(HEAD_END, lineEnd);
        return trailersEnd < 0 ? -1 : trailersEnd + 4;
      }
      at = lineEnd + 2 + size + 2;
      if (at > buf.length) return -1;
    }
  }
  if (headers['content-length'] !== undefined) {
    const end = from + Number(headers['content-length']);
    return end <= buf.length ? end : -1;
  }
  return buf.length; // read until the close
}

function chunkedBody(raw) {
  const pieces = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(pieces);
    pieces.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** The complete responses in `buf`, each framed as RFC 9112 §6.3 says; what is not (yet) one is left as `trailing`. */
export function parseResponses(buf, heads = []) {
  const responses = [];
  let at = 0;
  while (at < buf.length) {
    const end = buf.indexOf(HEAD_END, at);
    if (end < 0) break;
    const [statusLine, ...fields] = buf.subarray(at, end).toString('latin1').split('\r\n');
    const m = /^(HTTP\/\d\.\d) (\d{3})(?: .*)?$/.exec(statusLine);
    if (!m) throw new Error(`not a status line: ${JSON.stringify(statusLine.slice(0, 80))}`);
    const headers = {};
    for (const field of fields) {
      const colon = field.indexOf(':');
      const name = field.slice(0, colon).toLowerCase();
      const value = field.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const status = Number(m[2]);
    const method = heads[responses.length] ?? 'GET';
    const bodyless = method === 'HEAD' || status < 200 || status === 204 || status === 304;
    const last = bodyEnd(buf, end + 4, headers, bodyless);
    if (last < 0) break;
    const raw = buf.subarray(end + 4, last);
    const body = !bodyless && /\bchunked\b/i.test(headers['transfer-encoding'] ?? '') ? chunkedBody(raw) : raw;
    responses.push({ version: m[1], status, headers, body, text: body.toString('utf8'), method });
    at = last;
  }
  return { responses, trailing: buf.subarray(at).toString('latin1') };
}
