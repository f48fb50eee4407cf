// spec/API.md §6.5: the database goes away in the middle of a bookings load and comes back, the stack left
// running. While it is gone every booking is answered within the limit with 503 and Retry-After: 1 (never a
// 500, never a hang) and /health answers 503; once it answers again, bookings succeed again within the limit
// and keep succeeding; afterwards every 201 is backed by its row and the aggregates are exact.
import http from 'node:http';
import mysql from 'mysql2/promise';
import { dbSettings } from '../../lib/stacks.mjs';
import { connect, repinDatabase, startDatabase, stopDatabase } from '../../../loadtest/run/db.mjs';
import { bookingsLoad, checkStored } from './bookings-load.mjs';

export const ANSWER_LIMIT_MS = 3_000; // the contract's 2 s, plus what a loaded 2-core machine adds
export const RECOVERY_LIMIT_MS = 2_000;
// A stack that cannot meet it lists this name in its stack.json deviations (spec/API.md §10): its recovery time is
// then reported, not failed, but it must still recover before the load ends and stay recovered.
export const RECOVERY_CLAUSE = 'Once the database answers again, bookings succeed again within 2 s';
const CLIENTS = 8;
const LOAD_BEFORE_MS = 1_500;
// A stack just started may spend its first bookings' whole acquire timeout on its JIT and its pool filling (503s):
// the outage begins once bookings are committing, for at most this long, so it interrupts a served load.
const SERVED_LIMIT_MS = 20_000;
const OUTAGE_MS = 4_000;
const LOAD_AFTER_MS = 8_000;
const SETTLED_MS = 2_000; // the end of the load, when every booking must succeed, deviation or not
const IDLE_BOOKINGS_MS = 3_000;
const POLL_MS = 50;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function health({ host, port }) {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const req = http.get({ host, port, path: '/health', agent: false, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: Date.now() - sentAt }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: null, ms: Date.now() - sentAt }));
  });
}

/** When the database answers SELECT 1 over TCP again, as the stacks reach it. */
async function answersAgain() {
  const db = dbSettings();
  for (;;) {
    try {
      const conn = await mysql.createConnection({ host: db.host, port: Number(db.port), user: db.user, password: db.password, connectTimeout: 1_000 });
      await conn.query('SELECT 1');
      await conn.end();
      return Date.now();
    } catch {
      await sleep(POLL_MS);
    }
  }
}

/**
 * The database restarted while the stack is idle: its pool still holds the connections the restart broke. One
 * client then books, one booking after another, and every booking must succeed: the pool drops what the restart
 * broke instead of handing it out. Returns { failed, answered, tally, model }.
 */
async function idleRestart(server, dbCpus) {
  await stopDatabase();
  const back = answersAgain();
  await startDatabase(dbCpus);
  const upAt = await back;
  repinDatabase(dbCpus);
  const model = `outage-idle-${server.name}-${Date.now()}`;
  const tally = await bookingsLoad(server, model, () => Date.now() > upAt + IDLE_BOOKINGS_MS, 1);
  const failed = tally.answers.filter((a) => a.status !== 201);
  return { failed, answered: tally.answers.length, tally, model };
}

/**
 * Returns { outageAnswers, outageStatuses, slowestMs, health, recoveryMs, deviation, idleFailed, idleAnswered, created, rows, statuses, problems }.
 * `dbCpus` pins the restarted database as the first start was pinned; `deviations` are the stack's.
 */
export async function databaseOutage(server, dbCpus, deviations = []) {
  const model = `outage-${server.name}-${Date.now()}`;
  const problems = [];
  let stopLoad = false;
  let served = false;
  const load = bookingsLoad(server, model, () => stopLoad, CLIENTS, (a) => { served ||= a.status === 201; });
  let stopAt; let downAt; let restartAt; let upAt; let during; let after;
  try {
    for (const limit = Date.now() + SERVED_LIMIT_MS; !served && Date.now() < limit;) await sleep(POLL_MS);
    await sleep(LOAD_BEFORE_MS);
    stopAt = Date.now();
    await stopDatabase();
    downAt = Date.now();
    await sleep(OUTAGE_MS / 2);
    during = await health(server);
    await sleep(Math.max(0, downAt + OUTAGE_MS - Date.now()));
    restartAt = Date.now();
    const back = answersAgain();
    await startDatabase(dbCpus);
    upAt = await back;
    repinDatabase(dbCpus);
    await sleep(LOAD_AFTER_MS);
    after = await health(server);
  } finally {
    stopLoad = true;
  }
  const tally = await load;
  const idle = await idleRestart(server, dbCpus);
  if (idle.failed.length || !idle.answered) {
    problems.push(`after a restart of the database while the stack was idle, ${idle.failed.length} of ${idle.answered} bookings ` +
      `failed (${[...new Set(idle.failed.map((a) => a.status))].join(', ')}): the pool handed out connections the restart broke`);
  }
  const { answers } = tally;

  const before = answers.filter((a) => a.sentAt < stopAt);
  if (!before.some((a) => a.status === 201)) problems.push('no booking got 201 before the outage: nothing was under load');
  const wrong = answers.filter((a) => a.status !== 201 && !(a.status === 503 && a.retryAfter === '1'));
  if (wrong.length) {
    const kinds = {};
    for (const a of wrong) {
      const kind = a.status === 503 ? `503 with Retry-After ${a.retryAfter ?? 'missing'}` : String(a.status);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    problems.push(`answers other than 201 and 503 with Retry-After: 1: ${Object.entries(kinds).map(([k, n]) => `${n} × ${k}`).join(', ')}`);
  }
  const outage = answers.filter((a) => a.sentAt >= downAt && a.sentAt < restartAt);
  if (!outage.length) problems.push('no booking was answered while the database was down');
  // One sent while it was down may rightly be retried into the restarted database (§6.5's backoff): 201 then.
  if (outage.some((a) => a.status === 201 && a.sentAt + a.ms < restartAt)) problems.push('a booking got 201 while the database was down');
  const slowestMs = Math.max(0, ...answers.filter((a) => a.sentAt >= stopAt).map((a) => a.ms));
  if (slowestMs > ANSWER_LIMIT_MS) problems.push(`a booking took ${(slowestMs / 1000).toFixed(1)} s to be answered around the outage; the limit is ${ANSWER_LIMIT_MS / 1000} s`);
  if (tally.unanswered) problems.push(`${tally.unanswered} bookings got no answer at all`);
  if (during.status !== 503 || during.ms > ANSWER_LIMIT_MS) problems.push(`/health while the database was down: ${during.status ?? 'no answer'} after ${during.ms} ms, not 503 within ${ANSWER_LIMIT_MS / 1000} s`);
  if (after.status !== 200) problems.push(`/health ${LOAD_AFTER_MS / 1000} s after the database returned: ${after.status ?? 'no answer'}, not 200`);

  // Recovered when bookings stop failing: the last failure sent after the database answered again.
  const failedAfter = answers.filter((a) => a.sentAt >= upAt && a.status !== 201);
  const recoveryMs = failedAfter.length ? Math.max(...failedAfter.map((a) => a.sentAt + a.ms)) - upAt : 0;
  const deviation = deviations.find((d) => d.suite === 'faults' && d.test === RECOVERY_CLAUSE);
  if (recoveryMs > RECOVERY_LIMIT_MS && !deviation) {
    problems.push(`bookings failed until ${(recoveryMs / 1000).toFixed(1)} s after the database answered again (${failedAfter.length} failures); the limit is ${RECOVERY_LIMIT_MS / 1000} s`);
  }
  const settled = answers.filter((a) => a.sentAt >= upAt + LOAD_AFTER_MS - SETTLED_MS);
  if (!settled.length || settled.some((a) => a.status !== 201)) {
    problems.push(`bookings still failing ${(LOAD_AFTER_MS - SETTLED_MS) / 1000}–${LOAD_AFTER_MS / 1000} s after the database returned (${settled.filter((a) => a.status === 201).length} of ${settled.length} got 201)`);
  }

  // A request whose connection died while its COMMIT was on the wire may have committed, answered 503.
  const mayHaveCommitted = answers.filter((a) => a.sentAt < downAt && a.status !== 201).length;
  const db = await connect();
  let stored;
  try {
    stored = await checkStored(db, model, tally, { mayHaveCommitted });
    problems.push(...(await checkStored(db, idle.model, idle.tally)).problems);
  } finally {
    await db.end();
  }
  problems.push(...stored.problems);
  const outageStatuses = {};
  // A 201 there was retried into the restarted database: named apart, so the column reads as the contract does.
  for (const a of outage) {
    const key = a.status === 201 ? '201 (retried after the restart)' : a.status;
    outageStatuses[key] = (outageStatuses[key] ?? 0) + 1;
  }
  return {
    outageAnswers: outage.length, outageStatuses, slowestMs, health: during, recoveryMs, deviation,
    idleFailed: idle.failed.length, idleAnswered: idle.answered, created: tally.rowIds.length, rows: stored.rows,
    statuses: tally.statuses, downSeconds: (restartAt - downAt) / 1000, problems,
  };
}
