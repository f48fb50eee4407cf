// spec/API.md §1: SIGTERM while bookings are being posted and a room is chatting. The stack must exit with 0
// within the drain (10 s for what is in flight, plus slack for the runtime to wind down), every 201 it
// sent must be backed by its row with the aggregates exact, and every chat member must be closed with 1001.
// Two members stop reading around the signal while still sending, as a busy client does: their close frame
// waits in their socket, so a stack that closes the TCP connection without waiting for the close handshake
// (RFC 6455 §7.1.1) answers their next message with a reset, and the unread 1001 is lost with it. A member that
// reads can lose it the same way, when it sends between the frame's arrival and its next read. A stack that
// cannot wait names SLOW_READER_CLAUSE as a deviation: the sending members' codes are then reported, not checked,
// and the quiet member (registered, reading, sending nothing after it joined, so nothing of it can be reset) must
// still get 1001.
// The signal goes to the stack's own process only, as `docker stop` sends it (in compose it is `docker stop`, through
// tini); a cluster's primary passes it on to its workers.
import WebSocket from 'ws';
import { bookingsLoad, checkStored } from './bookings-load.mjs';

const EXIT_LIMIT_MS = 15_000;
const LOAD_BEFORE_SIGNAL_MS = 1_500;
const BOOKING_CLIENTS = 8;
const CHAT_MEMBERS = 4;
export const QUIET_MEMBERS = 1;
const CHAT_EVERY_MS = 20;
const CLOSE_READ_MS = 2_000;
export const SLOW_READERS = 2;
const SLOW_READ_PAUSE_MS = 500;
export const SLOW_READER_CLAUSE = 'A chat member that sends before it has read its close frame still gets 1001';

/**
 * CHAT_MEMBERS registered in one room, each sending every CHAT_EVERY_MS, then QUIET_MEMBERS that only read;
 * resolves once all are in.
 */
export async function chatRoom({ host, port }, room) {
  const sockets = [];
  const members = await Promise.all(Array.from({ length: CHAT_MEMBERS + QUIET_MEMBERS }, (_, i) => new Promise((resolve, reject) => {
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
    for (const m of members.slice(0, CHAT_MEMBERS)) {
      if (m.ws.readyState === WebSocket.OPEN) m.ws.send(JSON.stringify({ name: m.name, chat: room, message: 'tick' }));
    }
  }, CHAT_EVERY_MS);
  return { members, stop: () => clearInterval(timer) };
}

/**
 * The first SLOW_READERS members stop reading their socket for SLOW_READ_PAUSE_MS, sending all the while. The
 * handle's own readStop, as a busy process does: a paused stream would go on reading into its buffer.
 */
export function pauseReading(members) {
  const slow = members.slice(0, SLOW_READERS).map((m) => m.ws._socket._handle);
  for (const handle of slow) handle.readStop();
  setTimeout(() => { for (const handle of slow) handle.readStart(); }, SLOW_READ_PAUSE_MS).unref();
}

/**
 * The code each member was closed with. The close frames may still be unread in this process's sockets: a moment
 * to read them, then whatever the server did not close, the client does (1006), so the codes are only what the
 * server sent.
 */
export async function closeCodes(room) {
  await Promise.race([Promise.all(room.members.map((m) => m.closing)), new Promise((r) => setTimeout(r, CLOSE_READ_MS))]);
  await Promise.all(room.members.map((m) => { m.ws.terminate(); return m.closing; }));
  return room.members.map((m) => m.closed);
}

/**
 * Every member must have got 1001; under a SLOW_READER_CLAUSE deviation only the quiet ones (the last
 * QUIET_MEMBERS), the sending members' codes being reported.
 */
export function closeProblems(codes, deviation) {
  const checked = deviation ? codes.slice(-QUIET_MEMBERS) : codes;
  if (checked.every((c) => c === 1001)) return [];
  const slow = codes.slice(0, SLOW_READERS).some((c) => c !== 1001);
  const quiet = codes.slice(-QUIET_MEMBERS).some((c) => c !== 1001);
  const why = quiet ? ` (the last ${QUIET_MEMBERS} sent nothing, so nothing of theirs was reset: the stack did not send 1001)`
    : slow && !deviation ? ` (the first ${SLOW_READERS} were not reading when it came: "${SLOW_READER_CLAUSE}")` : '';
  return [`chat members closed with ${codes.join(', ')}, not all 1001${why}`];
}

/**
 * Returns { exitCode, exitSeconds, created, rows, statuses, unanswered, chatCodes, deviation, problems }. `server`
 * is startStack's; `exited` resolves with the process's { code, signal }; `db` the bench's pool; `deviations` the
 * target's.
 */
export async function sigtermUnderLoad(server, exited, db, deviations = []) {
  const model = `faults-${server.name}-${Date.now()}`;
  const problems = [];
  const room = await chatRoom(server, `faults-${Date.now()}`);
  let stopLoad = false;
  const load = bookingsLoad(server, model, () => stopLoad, BOOKING_CLIENTS);
  let exit;
  let exitSeconds;
  let timer;
  try {
    await new Promise((r) => setTimeout(r, LOAD_BEFORE_SIGNAL_MS));
    pauseReading(room.members);
    const signalled = Date.now();
    if (server.terminate) server.terminate();
    else process.kill(server.pid, 'SIGTERM');
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
  const chatCodes = await closeCodes(room);
  const deviation = deviations.find((d) => d.suite === 'faults' && d.test === SLOW_READER_CLAUSE);
  problems.push(...closeProblems(chatCodes, deviation));

  const created = tally.rowIds.length;
  if (created === 0) problems.push('no booking got 201: nothing was under load');
  // In flight means finished properly: a 201, or 503 when the stack is saturated; an error is not a drain.
  const errors = Object.entries(tally.statuses).filter(([status]) => status !== '201' && status !== '503');
  if (errors.length) problems.push(`answers other than 201 and 503: ${errors.map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  const stored = await checkStored(db, model, tally);
  problems.push(...stored.problems);
  return {
    exitCode: exit?.code ?? null, exitSignal: exit?.signal ?? null, exitSeconds, created, rows: stored.rows, statuses: tally.statuses,
    unanswered: tally.unanswered, chatCodes, deviation, problems,
  };
}
