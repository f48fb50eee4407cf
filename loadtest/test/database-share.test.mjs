// What each booking cost the database: the counters' difference and the per-booking figures, against hand-worked values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTERS, difference, perBooking } from '../reports/database-share.mjs';
import { databaseFigures } from '../reports/report.mjs';
import { rankRun } from '../reports/ranks.mjs';
import { buildRow } from '../reports/summary.mjs';

const counters = (values) => Object.fromEntries(COUNTERS.map((c) => [c, values[c] ?? 0]));

test('difference: after − before, the reading after the window taken off the Questions', () => {
  const before = counters({ Questions: 100, Com_select: 40, Innodb_row_lock_time: 7 });
  const after = counters({ Questions: 1101, Com_select: 440, Innodb_row_lock_time: 57 });
  const delta = difference(before, after);
  assert.equal(delta.Questions, 1000);
  assert.equal(delta.Com_select, 400);
  assert.equal(delta.Innodb_row_lock_time, 50);
  assert.deepEqual(Object.keys(difference({ Questions: 1 }, { Questions: 2, Com_select: 3 })), ['Questions'], 'only counters read both times');
});

test('perBooking: statements, round trips (with server-side prepares), CPU µs, lock waits per booking', () => {
  const delta = { Questions: 1000, Com_select: 400, Com_insert: 100, Com_update: 200, Com_begin: 0, Com_commit: 100, Com_rollback: 0,
    Com_stmt_prepare: 50, Com_stmt_execute: 900, Handler_read_key: 800, Handler_write: 100, Handler_update: 200,
    Innodb_row_lock_waits: 5, Innodb_row_lock_time: 50, Bytes_received: 100_000, Bytes_sent: 200_000 };
  const p = perBooking(delta, { bookings: 100, seconds: 5, databaseCpuPercent: 80 });
  assert.equal(p.statements, 10);
  assert.equal(p.roundTrips, 10.5);
  assert.equal(p.select, 4);
  assert.equal(p.commit, 1);
  assert.equal(p.lockWaits, 0.05);
  assert.equal(p.lockWaitMs, 0.5);
  assert.equal(p.bytesReceived, 1000);
  // 0.8 of a core for 5 s is 4 s of CPU, over 100 bookings: 40 ms each.
  assert.equal(p.cpuMicros, 40_000);
  assert.equal(perBooking(delta, { bookings: 0, seconds: 5 }), null, 'no bookings, nothing to divide by');
  assert.equal(perBooking(delta, { bookings: 10, seconds: 5 }).cpuMicros, null, 'no CPU sampled (MariaDB on another host unread)');
});

test('the report orders the stacks by MariaDB CPU per booking, the least first, and leaves out rows without figures', () => {
  const row = (stack, cpuMicros) => ({ stack, throughput: { median: 2000 }, bottleneck: { bound: 'database' },
    database: { perBooking: { statements: 7, roundTrips: 7, cpuMicros } } });
  const { body, note } = databaseFigures([row('b', 400), row('a', 300), { stack: 'c', throughput: { median: 1 } }]);
  assert.deepEqual(body.map((cells) => cells[1].text), ['a', 'b']);
  assert.equal(body[0].find((f) => f.field === 'databaseCpuMicros').value, 300);
  assert.match(note, /SHOW GLOBAL STATUS/);
  assert.deepEqual(databaseFigures([{ stack: 'c' }]).body, []);
});

test('database-bound bookings rows are ranked among themselves by MariaDB CPU per booking, with its interval; ties shared', () => {
  const PINNING = { server: '1', db: '0', loadgen: '0' };
  const repeat = (n, throughput, cpuMicros) => ({ repeat: n, throughput, samples: 100, errors: 0, failed: false, generator: 'wrk',
    latencyMs: { p50: 1, p90: 2, p99: 3, 'p99.9': 4, max: 5 }, resources: { cpuMeanPercent: 50, peakRssBytes: 1, threads: 1, processes: 1 },
    database: { perBooking: { statements: 7, roundTrips: 7, cpuMicros } } });
  const row = (stack, cpu) => {
    const r = buildRow({ server: stack, workload: 'bookings', label: 'bookings', step: { users: 64 }, pinning: PINNING,
      repeats: cpu.map((c, i) => repeat(i + 1, 2000 + i, c)) });
    r.bottleneck = { bound: 'database' };
    return r;
  };
  // a asks least in every repeat, by 25 %; b and c are within 1 % of each other, one ahead in one repeat and behind in the next.
  const rows = [row('c', [401, 396, 404, 399]), row('a', [300, 301, 299, 300]), row('b', [400, 402, 398, 401]), row('d', [350])];
  const { databaseTies } = rankRun(rows).bookings;
  const byStack = Object.fromEntries(rows.map((r) => [r.stack, r.database]));
  assert.deepEqual(byStack.a.rank, { position: 1, slower: ['c', 'b'], shared: false });
  assert.equal(byStack.b.rank.position, 2);
  assert.equal(byStack.c.rank.position, 2);
  assert.deepEqual(databaseTies, [['c', 'b']]);
  assert.equal(byStack.d.rank, null, 'one repeat: no interval, no rank');
  assert.ok(byStack.a.cpuMicros.low < 300 && byStack.a.cpuMicros.high > 300);
  const { body, note } = databaseFigures(rows);
  assert.deepEqual(body.map((cells) => `${cells[0].text} ${cells[1].text}`), ['1 a', '=2 c', '=2 b', '– d']);
  assert.match(body[0].find((f) => f.field === 'databaseCpuMicros').text, /^300 \[\d+–\d+\]$/);
  assert.match(note, /`c` and `b` tie/);
});
