import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTable } from '../reports/table.mjs';
import { buildRow } from '../reports/summary.mjs';
import { bottleneck, perCpuSecond } from '../reports/bottleneck.mjs';

const PINNING = { server: '1', db: '0', loadgen: '0' };
const repeat = (throughput, elapsed, extra = {}) => ({
  throughput, samples: elapsed.length, errors: 0, elapsed, failed: false,
  resources: { cpuMeanPercent: 95.2, cpuPeakPercent: 100.4, peakRssBytes: 80 * 2 ** 20, threads: 11, processes: 1 }, ...extra,
});

test('buildRow folds repeats: throughput median/min/max, latency over every sample, headroom ratio', () => {
  const row = buildRow({ server: 'node-express', workload: 'hello', label: 'hello', step: { users: 50 }, pinning: PINNING,
    repeats: [repeat(900, [1, 2, 3]), repeat(1000, [4, 5]), repeat(1100, [6], { errors: 1 })], ceiling: { throughput: 1000 } });
  assert.deepEqual(row.throughput, { median: 1000, min: 900, max: 1100 });
  assert.equal(row.samples, 6);
  assert.equal(row.errors, 1);
  assert.equal(row.latencyMs.p50, 3);
  assert.equal(row.latencyMs.max, 6);
  assert.deepEqual(row.headroom, { ceiling: 1000, ratio: 1 });
  assert.equal(row.bottleneck.bound, 'server', '95 % of its one CPU');
  assert.ok(Math.abs(row.perCpuSecond - 1000 / 0.952) < 1e-9);
  assert.equal(row.invariant, 'n/a');
  assert.equal(row.repeats[0].elapsed, undefined, 'raw latencies stay out of summary.json');
  assert.equal(row.steady, true, 'no warm-up ran out of time');
});

test('a row whose warm-up ran out of time still changing is NOT STEADY, not ok', () => {
  const warm = (steady) => ({ warmup: { seconds: 60, rates: [1, 2], steady } });
  const rowOf = (...flags) => buildRow({ server: 'java-spring5', workload: 'hello', label: 'hello', step: { users: 100 },
    pinning: PINNING, repeats: flags.map((f) => repeat(1000, [1], warm(f))) });
  assert.equal(rowOf(true, true).steady, true);
  const unsteady = rowOf(true, false);
  assert.equal(unsteady.steady, false, 'one repeat measured mid-warm-up marks the row');
  assert.match(formatTable([unsteady]).split('\n')[2], /NOT STEADY$/);
  assert.match(formatTable([rowOf(true)]).split('\n')[2], / ok$/);
});

test('the table aligns columns and names each row\'s generator, bottleneck and req per CPU-second', () => {
  const ok = buildRow({ server: 'node-express', workload: 'bookings', label: 'bookings', step: { users: 50 }, pinning: PINNING,
    repeats: [repeat(812.44, [10, 20, 30], { invariant: { ok: true }, generator: 'wrk', databaseCpuPercent: 40, busy: { loadgen: 60, db: 60 } })] });
  const bound = buildRow({ server: 'java-vertx', workload: 'hello', label: 'hello', step: {}, pinning: PINNING,
    repeats: [repeat(30000, [1], { generator: 'jmeter', generatorCpuPercent: 90, busy: { loadgen: 97, db: 97 },
      resources: { cpuMeanPercent: 30, cpuPeakPercent: 40, peakRssBytes: 2 ** 20, threads: 1, processes: 1 } })],
    ceiling: { throughput: 10000 } });
  const failed = buildRow({ server: 'java-vertx', workload: 'hello', label: 'hello', step: {}, pinning: PINNING,
    repeats: [{ throughput: 0, samples: 0, errors: 0, elapsed: [], resources: {}, failed: true, reason: 'did not start' }] });
  const lines = formatTable([ok, bound, failed]).split('\n');
  assert.equal(lines.length, 5);
  assert.match(lines[0], /^stack\s+workload\s+gen\s+req\/s\s+req\/cpu-s\s+95% interval\s+rank\s+p50\s+p90\s+p99\s+p99\.9\s+max\s+errors/);
  assert.match(lines[2], /^node-express\s+bookings\s+wrk\s+812\s+853\s+1 run\s+–\s+20\s+30\s+30\s+30\s+30\s+0 \(0\.00%\)\s+95\/100\s+-\s+40\s+80\s+11\s+1\s+pass\s+SERVER\s+ok$/);
  assert.match(lines[3], /^java-vertx\s+hello\s+jmeter\s+30000\s+100000\s.*\s90\s+-\s.*300%\s+GEN-BOUND\s+ok$/);
  assert.match(lines[4], /^java-vertx\s+hello\s+-\s+-\s+.*FAILED$/);
  // Every line's columns start at the same offsets: the "req/s" column ends where the header's does.
  const end = lines[0].indexOf('req/s') + 'req/s'.length;
  for (const line of lines.slice(2)) assert.match(line.slice(end - 1, end), /\S/);
});

test('the bottleneck is measured: server ≥ 90 % of its CPUs, else the saturated side, by process on a shared CPU', () => {
  const pinning = { server: '1', db: '0', loadgen: '0' };
  assert.equal(bottleneck({ serverCpuPercent: 92, pinning, busy: { loadgen: 99, db: 99 } }).bound, 'server');
  assert.equal(bottleneck({ serverCpuPercent: 30, pinning, busy: { loadgen: 97, db: 97 }, generatorCpuPercent: 80, databaseCpuPercent: 10 }).bound, 'generator');
  assert.equal(bottleneck({ serverCpuPercent: 30, pinning, busy: { loadgen: 97, db: 97 }, generatorCpuPercent: 20, databaseCpuPercent: 70 }).bound, 'database');
  assert.equal(bottleneck({ serverCpuPercent: 30, pinning, busy: { loadgen: 50, db: 50 } }).bound, 'none');
  const four = { server: '0-1', db: '2', loadgen: '3' };
  const half = bottleneck({ serverCpuPercent: 120, pinning: four, busy: { loadgen: 95, db: 20 } });
  assert.deepEqual([half.bound, half.serverPercent], ['generator', 60], '120 % of two CPUs is 60 %');
  assert.equal(bottleneck({ serverCpuPercent: 30, pinning: four, busy: { loadgen: 20, db: 95 } }).bound, 'database');
  assert.equal(bottleneck({ serverCpuPercent: null, pinning }).bound, null, 'not measured is not assumed');
  assert.equal(perCpuSecond(1000, 50), 2000);
});

test('CPU 0 of two hosts is two CPUs: shared only on one kernel (the hosts\' boot ids)', () => {
  const busy = { loadgen: 97, db: 99 };
  const figures = { serverCpuPercent: 30, busy, generatorCpuPercent: 80, databaseCpuPercent: 10 };
  const oneKernel = { server: '1', db: '0', loadgen: '0', machines: { server: 'a', db: 'a', loadgen: 'a' } };
  const apart = { ...oneKernel, machines: { server: 'a', db: 'b', loadgen: 'c' } };
  assert.deepEqual([bottleneck({ ...figures, pinning: oneKernel }).bound, bottleneck({ ...figures, pinning: oneKernel }).shared],
    ['generator', true], 'namespaces on one machine share CPU 0: the busier process is named');
  const separate = bottleneck({ ...figures, pinning: apart });
  assert.deepEqual([separate.bound, separate.shared], ['database', undefined], 'two machines: the busier CPU is named');
});
