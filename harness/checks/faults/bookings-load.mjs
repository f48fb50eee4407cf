// The bookings load the fault checks run under: a few clients, each posting a fresh booking as soon as its
// last one was answered, until told to stop. Every answer is kept with when it was sent and how long it took,
// so a check can ask what was answered during an outage, and how fast.
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { checkInvariant } from '../../../loadtest/run/invariant.mjs';

const TRIMS = ['LE', 'SE', 'XLE'];
const RETRY_PAUSE_MS = 20;
const ANSWER_TIMEOUT_MS = 40_000;

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
    const req = http.request({ host, port, agent, method: 'POST', path: '/bookings', timeout: ANSWER_TIMEOUT_MS,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'], text: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve({ status: null }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer')));
    req.on('error', (error) => resolve({ status: null, refused: error.code === 'ECONNREFUSED' }));
    req.end(body);
  });
}

/**
 * `clients` loops posting bookings of `model` until `until()` is true or the stack refuses connections.
 * Resolves with { rowIds, statuses, unanswered, answers: [{ sentAt, ms, status, retryAfter }] }: rowIds of the
 * 201s, a count per status, and the requests that got no status (in flight when a connection closed: they
 * may have been committed). onAnswer(answer) is called as each answer arrives.
 */
export async function bookingsLoad({ host, port }, model, until, clients, onAnswer = () => {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const tally = { rowIds: [], statuses: {}, unanswered: 0, answers: [] };
  let n = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (!until()) {
      const sentAt = Date.now();
      const res = await post(agent, host, port, booking(model, n++));
      if (res.refused) break;
      if (res.status === null) {
        tally.unanswered++;
        await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
        continue;
      }
      const answer = { sentAt, ms: Date.now() - sentAt, status: res.status, retryAfter: res.retryAfter };
      tally.answers.push(answer);
      onAnswer(answer);
      tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
      if (res.status === 201) tally.rowIds.push(JSON.parse(res.text).rowId);
      else await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
    }
  }));
  agent.destroy();
  return tally;
}

/** Problems of a finished load against the database: 201s without their row, extra rows, inexact aggregates. */
export async function checkStored(db, model, tally, { mayHaveCommitted = 0 } = {}) {
  const problems = [];
  const created = tally.rowIds.length;
  const [rows] = await db.query('SELECT row_id FROM bookings WHERE model = ?', [model]);
  const stored = new Set(rows.map((r) => r.row_id));
  const missing = tally.rowIds.filter((id) => !stored.has(id));
  if (missing.length) problems.push(`${missing.length} of ${created} bookings answered 201 have no row (row_id ${missing.slice(0, 5).join(', ')})`);
  if (rows.length > created + tally.unanswered + mayHaveCommitted) {
    problems.push(`${rows.length} rows for ${created} 201s and ${tally.unanswered + mayHaveCommitted} requests that may have committed unseen`);
  }
  const invariant = await checkInvariant(db, { model });
  if (!invariant.ok) problems.push(`aggregates not exact: ${invariant.problems.slice(0, 3).join('; ')}`);
  return { rows: rows.length, problems };
}
