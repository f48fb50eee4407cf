// spec/API.md §1: SIGTERM while bookings are being posted and a room is chatting. The stack must exit with 0
// within the drain (10 s for what is in flight, plus slack for the runtime to wind down), every 201 it
// sent must be backed by its row with the aggregates exact, and every chat member must be closed with 1001.
// The signal goes to the stack's own process only, as `docker stop` sends it; node-cluster's primary passes
// it on to its workers.
import http from 'node:http';
import { randomInt } from 'node:crypto';
import WebSocket from 'ws';
import { checkInvariant } from '../invariant.mjs';

const EXIT_LIMIT_MS = 15_000;
const LOAD_BEFORE_SIGNAL_MS = 1_500;
const BOOKING_CLIENTS = 8;
const TRIMS = ['LE', 'SE', 'XLE'];
const CHAT_MEMBERS = 4;
const CHAT_EVERY_MS = 20;
const CLOSE_READ_MS = 2_000;
const RETRY_PAUSE_MS = 20;

function booking(model, n) {
  const start = new Date(Date.UTC(2022, randomInt(0, 24), 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + randomInt(1, 18), 0));
  const day = (d) => d.toISOString().slice(0, 10);
  return JSON.stringify({
    bookingId: `${model}-${n}`, dollarValue: `${randomInt(1, 100_000)}.${String(randomInt(0, 100)).padStart(2, '0')}`,
    startDate: day(start), endDate: day(end), originTs: String(Date.now()), model, trim: TRIMS[n % TRIMS.length],
  });
}

function post(agent, host, port, body) {
  return new Promise((resolve) => {
    const req = http.request({ host, port, agent, method: 'POST', path: '/bookings',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve({ status: null }));
    });
    req.on('error', (error) => resolve({ status: null, refused: error.code === 'ECONNREFUSED' }));
    req.end(body);
  });
}

/** Bookings posted by BOOKING_CLIENTS loops until `until()` or the stack refuses connections. */
async function bookingsLoad({ host, port }, model, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BOOKING_CLIENTS });
  const tally = { rowIds: [], statuses: {}, unanswered: 0 };
  let n = 0;
  await Promise.all(Array.from({ length: BOOKING_CLIENTS }, async () => {
    while (!until()) {
      const res = await post(agent, host, port, booking(model, n++));
      if (res.refused) break;
      if (res.status === null) {
        tally.unanswered++; // in flight when the connection closed: it may have been committed
        await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
        continue;
      }
      tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
      if (res.status === 201) tally.rowIds.push(JSON.parse(res.text).rowId);
    }
  }));
  agent.destroy();
  return tally;
}

/** CHAT_MEMBERS registered in one room, each sending every CHAT_EVERY_MS; resolves once all are in. */
async function chatRoom({ host, port }, room) {
  const sockets = [];
  const members = await Promise.all(Array.from({ length: CHAT_MEMBERS }, (_, i) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${host}:${port}/chat`, { handshakeTimeout: 5_000 });
    sockets.push(ws);
    const member = { ws, name: `${room}-${i}`, closed: null };
    member.closing = new Promise((done) => ws.on('close', (code) => { member.closed = code; done(code); }));
    ws.on('error', () => {});
    ws.once('unexpected-response', (_req, res) => reject(new Error(`chat upgrade refused with HTTP ${res.statusCode}`)));
    ws.once('open', () => {
      ws.send(JSON.stringify({ name: member.name, chat: room }));
      const probe = JSON.stringify({ name: member.name, chat: room, message: 'joined' });
      ws.on('message', function registered(data) {
        if (data.toString() !== probe) return;
        ws.off('message', registered);
        resolve(member);
      });
      ws.send(probe);
    });
    setTimeout(() => reject(new Error(`chat member ${i + 1} not registered within 5 s`)), 5_000).unref();
  }))).catch((error) => {
    for (const ws of sockets) ws.terminate();
    throw error;
  });
  const timer = setInterval(() => {
    for (const m of members) {
      if (m.ws.readyState === WebSocket.OPEN) m.ws.send(JSON.stringify({ name: m.name, chat: room, message: 'tick' }));
    }
  }, CHAT_EVERY_MS);
  return { members, stop: () => clearInterval(timer) };
}

/**
 * Returns { exitCode, exitSeconds, created, rows, statuses, unanswered, chatCodes, problems }. `server` is
 * startStack's; `exited` resolves with the process's { code, signal }; `db` the bench's pool.
 */
export async function sigtermUnderLoad(server, exited, db) {
  const model = `faults-${server.name}-${Date.now()}`;
  const problems = [];
  const room = await chatRoom(server, `faults-${Date.now()}`);
  let stopLoad = false;
  const load = bookingsLoad(server, model, () => stopLoad);
  let exit;
  let exitSeconds;
  let timer;
  try {
    await new Promise((r) => setTimeout(r, LOAD_BEFORE_SIGNAL_MS));
    const signalled = Date.now();
    process.kill(server.pid, 'SIGTERM');
    exit = await Promise.race([exited, new Promise((r) => { timer = setTimeout(() => r(null), EXIT_LIMIT_MS); })]);
    exitSeconds = (Date.now() - signalled) / 1000;
  } finally {
    clearTimeout(timer);
    stopLoad = true;
    room.stop();
  }
  if (!exit) {
    problems.push(`still running ${EXIT_LIMIT_MS / 1000} s after SIGTERM`);
    await server.stop();
  } else if (exit.code !== 0) {
    problems.push(`exited with ${exit.signal ?? `code ${exit.code}`} on SIGTERM, not 0`);
  }
  const tally = await load;
  // The close frames may still be unread in this process's sockets: a moment to read them, then whatever the
  // stack did not close, the client does (1006), so the codes below are only what the stack sent.
  await Promise.race([Promise.all(room.members.map((m) => m.closing)), new Promise((r) => setTimeout(r, CLOSE_READ_MS))]);
  await Promise.all(room.members.map((m) => { m.ws.terminate(); return m.closing; }));
  const chatCodes = room.members.map((m) => m.closed);
  if (chatCodes.some((c) => c !== 1001)) problems.push(`chat members closed with ${chatCodes.join(', ')}, not all 1001`);

  const created = tally.rowIds.length;
  if (created === 0) problems.push('no booking got 201: nothing was under load');
  // In flight means finished properly: a 201, or 503 when the stack is saturated; an error is not a drain.
  const errors = Object.entries(tally.statuses).filter(([status]) => status !== '201' && status !== '503');
  if (errors.length) problems.push(`answers other than 201 and 503: ${errors.map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  const [rows] = await db.query('SELECT row_id FROM bookings WHERE model = ?', [model]);
  const stored = new Set(rows.map((r) => r.row_id));
  const missing = tally.rowIds.filter((id) => !stored.has(id));
  if (missing.length) problems.push(`${missing.length} of ${created} bookings answered 201 have no row (row_id ${missing.slice(0, 5).join(', ')})`);
  if (rows.length > created + tally.unanswered) {
    problems.push(`${rows.length} rows for ${created} 201s and ${tally.unanswered} requests without an answer`);
  }
  const invariant = await checkInvariant(db, { model });
  if (!invariant.ok) problems.push(`aggregates not exact: ${invariant.problems.slice(0, 3).join('; ')}`);
  return {
    exitCode: exit?.code ?? null, exitSignal: exit?.signal ?? null, exitSeconds, created, rows: rows.length, statuses: tally.statuses,
    unanswered: tally.unanswered, chatCodes, problems,
  };
}
