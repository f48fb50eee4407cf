// The latency step's method, proven on a server that stalls 200 ms once a second: open loop (oha -q with
// --latency-correction) must show the stall in p99, where a closed loop (the same generator unpaced, each
// connection waiting for its answer) hides it. Plus the rate rules and the reading of oha's report.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { ohaArgs, ohaPath, readReport, runOpenLoop, OHA_VERSION } from '../generators/openloop.mjs';
import { offeredRates, maxima, reconcile } from '../run/latency.mjs';
import { startStallingServer, STALL_MS } from './stalling-server.mjs';

test('the rates: the slowest stack\'s fractions for everyone, each stack\'s own, merged when equal, capped by the generator', () => {
  const slowest = offeredRates({ slowest: 10_000, own: 10_000, common: [0.5, 0.9], ownFractions: [0.5, 0.9] });
  assert.deepEqual(slowest.map((s) => [s.rate, s.bases.length]), [[5000, 2], [9000, 2]], 'the slowest stack\'s own are the common ones');
  const fast = offeredRates({ slowest: 10_000, own: 100_000, common: [0.5, 0.9], ownFractions: [0.5, 0.9], cap: 40_000 });
  assert.deepEqual(fast.map((s) => s.rate), [5000, 9000, 40_000]);
  assert.deepEqual(fast.map((s) => s.capped), [false, false, true]);
  assert.deepEqual(fast[2].bases, ['50 % of its own maximum', '90 % of its own maximum'], 'both capped rates are one step');
  // Half a ceiling of 35,567.5 req/s: rounding must not lift the rate above the cap (a smoke run offered 17,784).
  assert.deepEqual(offeredRates({ slowest: 45_240, own: 45_240, ownFractions: [0.5], cap: 35_567.5 / 2 }).map((s) => s.rate), [17_783]);
  const best = maxima([{ stack: 'a', workload: 'hello', throughput: { median: 5 } }, { stack: 'a', workload: 'hello', throughput: { median: 7 } },
    { stack: 'b', workload: 'hello', failed: true, throughput: { median: 9 } }, { stack: 'c', workload: 'echo', throughput: { median: 1 } }], 'hello');
  assert.deepEqual([...best], [['a', 7]]);
});

test('rates measured right after a stack\'s throughput are kept when still asked for, measured later when not', () => {
  // Measured warm while the slowest maximum known was this stack's own 20,000; a later stack's 10,000 was lower.
  const then = offeredRates({ slowest: 20_000, own: 20_000, common: [0.5, 0.9], ownFractions: [0.5, 0.9] });
  const records = then.map((s) => ({ rate: s.rate, bases: s.bases, latencyMs: { p99: s.rate / 1000 } }));
  const now = offeredRates({ slowest: 10_000, own: 20_000, common: [0.5, 0.9], ownFractions: [0.5, 0.9] });
  const { kept, missing, superseded } = reconcile(now, records);
  assert.deepEqual(missing.map((s) => s.rate), [5000, 9000], 'the common rates are measured in the late session');
  assert.deepEqual(kept.map((r) => [r.rate, r.bases, r.latencyMs.p99]), [[10_000, ['50 % of its own maximum'], 10],
    [18_000, ['90 % of its own maximum'], 18]], 'its own rates keep their figures, labelled for what they are now');
  assert.deepEqual(superseded, [], 'the rates measured then are all still asked for (as its own)');
  // The slowest stack itself: every rate measured then is final.
  assert.deepEqual(reconcile(then, records).missing, []);
  // A rate within 3 % is the same step; one further away is superseded.
  const moved = reconcile([{ rate: 10_250, bases: ['x'] }], [{ rate: 10_000 }, { rate: 18_000 }]);
  assert.deepEqual([moved.kept.map((r) => [r.rate, r.bases]), moved.missing, moved.superseded], [[[10_000, ['x']]], [], [{ rate: 18_000 }]]);
  assert.deepEqual(reconcile([{ rate: 10_400, bases: ['x'] }], [{ rate: 10_000 }]).missing.map((s) => s.rate), [10_400]);
});

test('oha\'s command line: paced with latency correction, or unpaced; each workload\'s request', () => {
  const paced = ohaArgs({ workload: 'echo', port: 1, rate: 500, seconds: 3, connections: 8 });
  assert.deepEqual(paced.slice(0, 5), ['-z', '3s', '-q', '500', '--latency-correction']);
  assert.ok(paced.includes('POST') && paced.at(-1) === 'http://127.0.0.1:1/event');
  const closed = ohaArgs({ workload: 'hello', port: 1, rate: null, seconds: 3, connections: 4 });
  assert.ok(!closed.includes('-q') && !closed.includes('--latency-correction'));
  assert.throws(() => ohaArgs({ workload: 'chat', port: 1, seconds: 1, connections: 1 }), /unknown workload/);
});

test('oha\'s report: successes are the expected status, an abort at the deadline is unanswered, not an error', () => {
  const r = readReport({ statusCodeDistribution: { 201: 990, 503: 5 }, errorDistribution: { 'aborted due to deadline': 7, 'connection reset': 2 },
    latencyPercentiles: { p50: 0.001, p90: 0.002, p99: 0.01, 'p99.9': 0.02 }, summary: { slowest: 0.03 } },
  { workload: 'bookings', connections: 4, seconds: 2 });
  assert.deepEqual([r.completed, r.errors, r.requests, r.unanswered, r.achieved], [990, 7, 997, 6, 495]);
  assert.deepEqual(r.errorCodes, { 503: 5, 'connection reset': 2 });
  assert.deepEqual(r.latencyMs, { p50: 1, p90: 2, p99: 10, 'p99.9': 20, max: 30 });
});

const server = await startStallingServer();
after(() => server.close());

test(`a ${STALL_MS} ms stall once a second shows in the open loop's p99 and hides from the closed loop's`, { timeout: 60_000 }, async () => {
  assert.ok(ohaPath(), `oha ${OHA_VERSION} is not installed (make deps installs it)`);
  const open = await runOpenLoop({ workload: 'hello', port: server.port, rate: 1000, seconds: 4, connections: 20 });
  const closed = await runOpenLoop({ workload: 'hello', port: server.port, rate: null, seconds: 4, connections: 4 });
  for (const run of [open, closed]) assert.equal(run.exitCode, 0, run.output);
  const shown = `open p50 ${open.result.latencyMs.p50} ms p99 ${open.result.latencyMs.p99} ms (${open.result.completed} requests); ` +
    `closed p50 ${closed.result.latencyMs.p50} ms p99 ${closed.result.latencyMs.p99} ms (${closed.result.completed} requests)`;
  console.log(`stall test: ${shown}`);
  // A fifth of the open loop's requests are due during a stall and wait for its end: p99 is most of the stall.
  assert.ok(open.result.latencyMs.p99 >= 0.75 * STALL_MS, shown);
  assert.ok(open.result.completed >= 0.9 * 4000, `the open loop kept its schedule: ${shown}`);
  // The closed loop has 4 requests caught per stall among thousands answered at once around it.
  assert.ok(closed.result.latencyMs.p99 < 0.25 * STALL_MS, shown);
  assert.ok(closed.result.latencyMs.max >= 0.75 * STALL_MS, `the closed loop met the stalls too: ${shown}`);
});
