// A test server that stalls: it answers /hello at once, except that once a second its event loop is blocked
// for STALL_MS (a busy wait, like a long GC pause or a blocking call on an event loop). A closed-loop generator
// has only its few in-flight requests caught by each stall and keeps measuring the fast answers around it; an
// open-loop one keeps sending on schedule, so every request due during the stall waits for it.
import { createServer } from 'node:http';

export const STALL_MS = 200;
export const PERIOD_MS = 1000;

/** Starts the server on a free loopback port; returns { port, close() }. */
export function startStallingServer({ stallMs = STALL_MS, periodMs = PERIOD_MS } = {}) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 13 });
    res.end('Hello, World!');
  });
  server.keepAliveTimeout = 60_000;
  const timer = setInterval(() => {
    const until = Date.now() + stallMs;
    while (Date.now() < until) { /* the stall */ }
  }, periodMs);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    port: server.address().port,
    close: () => new Promise((done) => { clearInterval(timer); server.closeAllConnections(); server.close(done); }),
  })));
}
