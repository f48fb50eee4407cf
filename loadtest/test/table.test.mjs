import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTable } from '../lib/table.mjs';
import { buildRow } from '../lib/summary.mjs';

const repeat = (throughput, elapsed, extra = {}) => ({
  throughput, samples: elapsed.length, errors: 0, elapsed, failed: false,
  resources: { cpuMeanPercent: 95.2, cpuPeakPercent: 100.4, peakRssBytes: 80 * 2 ** 20, threads: 11, processes: 1 }, ...extra,
});

test('buildRow folds repeats: throughput median/min/max, latency over every sample, headroom ratio', () => {
  const row = buildRow({ server: 'node-express', workload: 'hello', label: 'hello', step: { users: 50 },
    repeats: [repeat(900, [1, 2, 3]), repeat(1000, [4, 5]), repeat(1100, [6], { errors: 1 })], ceiling: { throughput: 1000 } });
  assert.deepEqual(row.throughput, { median: 1000, min: 900, max: 1100 });
  assert.equal(row.samples, 6);
  assert.equal(row.errors, 1);
  assert.equal(row.latencyMs.p50, 3);
  assert.equal(row.latencyMs.max, 6);
  assert.deepEqual(row.headroom, { ceiling: 1000, ratio: 1, generatorBound: true });
  assert.equal(row.invariant, 'n/a');
  assert.equal(row.repeats[0].elapsed, undefined, 'raw latencies stay out of summary.json');
});

test('the table aligns columns and flags failures, invariants and generator-bound rows', () => {
  const ok = buildRow({ server: 'node-express', workload: 'bookings', label: 'bookings', step: { users: 50 },
    repeats: [repeat(812.44, [10, 20, 30], { invariant: { ok: true } })] });
  const bound = buildRow({ server: 'node-express', workload: 'hello', label: 'hello', step: {},
    repeats: [repeat(9000, [1])], ceiling: { throughput: 10000 } });
  const failed = buildRow({ server: 'java-vertx', workload: 'hello', label: 'hello', step: {},
    repeats: [{ throughput: 0, samples: 0, errors: 0, elapsed: [], resources: {}, failed: true, reason: 'did not start' }] });
  const lines = formatTable([ok, bound, failed]).split('\n');
  assert.equal(lines.length, 5);
  assert.match(lines[0], /^stack\s+workload\s+req\/s\s+min-max\s+p50\s+p90\s+p99\s+p99\.9\s+max\s+errors/);
  assert.match(lines[2], /^node-express\s+bookings\s+812\s+20\s+30\s+30\s+30\s+30\s+0 \(0\.00%\)\s+95\/100\s+80\s+11\s+1\s+pass\s+ok$/);
  assert.match(lines[3], /90% GEN-BOUND\s+ok$/);
  const noisy = buildRow({ ...bound, server: 'x', repeats: [repeat(12000, [1])], ceiling: { throughput: 10000 } });
  assert.match(formatTable([noisy]).split('\n')[2], /120% GEN-BOUND \(noisy ceiling\)\s+ok$/);
  assert.match(lines[4], /^java-vertx\s+hello\s+-\s+.*FAILED$/);
  // Every line's columns start at the same offsets: the "req/s" column ends where the header's does.
  const end = lines[0].indexOf('req/s') + 'req/s'.length;
  for (const line of lines.slice(2)) assert.match(line.slice(end - 1, end), /\S/);
});
