// The whole bench, for real, in a couple of minutes: `make test` runs it with BENCH_SMOKE=1 (it needs MariaDB
// up, wrk and oha installed and port 8085 free; it builds node-express itself): wrk throughput, the open-loop latency steps,
// the chat client, and two repeats (each a fresh start of nginx and the stack) to exercise that path. Results go under .run/, not results/, so a
// smoke run never replaces results/latest of a real bench.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, RUN_DIR } from '../../harness/lib/stacks.mjs';
import { WORKLOADS } from '../run/profiles.mjs';

const enabled = process.env.BENCH_SMOKE === '1';

test('PROFILE=smoke STACKS=node-express REPEAT=2 produces a summary with throughput and no errors', {
  skip: !enabled && 'set BENCH_SMOKE=1 (make test does)', timeout: 420_000,
}, () => {
  const build = spawnSync(process.execPath, [join(ROOT, 'harness/runtimes/native/stacks.mjs'), 'build', 'node-express'], { encoding: 'utf8' });
  assert.equal(build.status, 0, `building node-express: ${build.stdout}${build.stderr}`);
  const resultsDir = join(RUN_DIR, 'bench-smoke');
  const run = spawnSync(process.execPath, [join(ROOT, 'loadtest/bench.mjs')], {
    env: { ...process.env, PROFILE: 'smoke', STACKS: 'node-express', WORKLOADS: '', REPEAT: '2', RESULTS_DIR: resultsDir },
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 410_000,
  });
  assert.equal(run.status, 0, `bench exited ${run.status}\n${run.stdout}\n${run.stderr.slice(-3000)}`);
  const summary = JSON.parse(readFileSync(join(resultsDir, 'latest', 'summary.json'), 'utf8'));
  assert.equal(summary.profile, 'smoke');
  assert.equal(summary.failedRuns, 0);
  assert.deepEqual(summary.results.map((r) => `${r.stack} ${r.workload}`), WORKLOADS.map((w) => `node-express ${w}`));
  for (const row of summary.results) {
    assert.ok(row.throughput.median > 0, `${row.workload}: throughput ${row.throughput.median}`);
    assert.equal(row.errors, 0, `${row.workload}: ${row.errors} errors ${JSON.stringify(row.repeats[0].errorCodes)}`);
    assert.ok(row.cpuPercent.peak > 0 && row.peakRssBytes > 0, `${row.workload}: resources sampled`);
  }
  assert.equal(summary.results.find((r) => r.workload === 'bookings').invariant, 'pass');
  // wrk by default, and every row says which part limited it, measured.
  for (const row of summary.results.filter((r) => r.workload !== 'chat')) {
    assert.equal(row.generator, 'wrk', `${row.workload} generator`);
    assert.ok(['server', 'generator', 'database', 'none'].includes(row.bottleneck.bound), `${row.workload}: ${JSON.stringify(row.bottleneck)}`);
    assert.ok(row.generatorCpuPercent > 0 && row.perCpuSecond > 0, `${row.workload}: generator CPU and req per CPU-second`);
  }
  assert.ok(summary.results.find((r) => r.workload === 'bookings').databaseCpuPercent > 0, 'MariaDB sampled');
  // The open-loop latency step on every HTTP workload, within what the generator offered against nginx.
  assert.ok(summary.openLoop.ceiling.hello.achieved > 0 && summary.openLoop.ceiling.static.achieved > 0, JSON.stringify(summary.openLoop));
  for (const workload of ['hello', 'static', 'echo', 'bookings']) {
    const steps = summary.latency.filter((l) => l.workload === workload);
    assert.ok(steps.length >= 1, `${workload}: latency steps`);
    for (const l of steps) {
      assert.ok(!l.failed && l.latencyMs.p99 > 0 && l.achieved > 0, `${workload} at ${l.rate}/s: ${JSON.stringify(l)}`);
      assert.ok(l.rate <= summary.openLoop.ceiling[workload === 'static' ? 'static' : 'hello'].achieved / 2, `${workload}: within half the ceiling`);
    }
  }
  assert.equal(summary.latency.find((l) => l.workload === 'bookings').invariant, 'pass', 'open-loop bookings keep the invariant');
  // One stack is its own slowest: every rate is known after its throughput, so all are measured warm from it.
  assert.deepEqual([...new Set(summary.latency.map((l) => l.after))], ['its throughput run']);
  assert.deepEqual(summary.ceiling.rows.map((r) => r.workload), ['hello', 'static', 'echo', 'bookings', 'chat']);
  const relay = summary.ceiling.rows.find((r) => r.workload === 'chat');
  assert.ok(!relay.failed && relay.delivery === 'pass' && relay.throughput.median > 0,
    `the chat relay: ${JSON.stringify(relay.repeats.map((r) => r.reason ?? 'ok'))}`);
  const chatRow = summary.results.find((r) => r.workload === 'chat');
  assert.ok(chatRow.relay.deliveries.median > 0 && chatRow.relay.p99.median > 0, `chat × relay: ${JSON.stringify(chatRow.relay)}`);
  const bookingsCeiling = summary.ceiling.rows.find((r) => r.workload === 'bookings');
  assert.ok(!bookingsCeiling.failed && bookingsCeiling.throughput.median > 0 && bookingsCeiling.invariant === 'pass',
    `the bookings ceiling: ${JSON.stringify(bookingsCeiling.repeats.map((r) => r.reason ?? 'ok'))}`);
  assert.ok(bookingsCeiling.database.perBooking.cpuMicros > 0, 'the bookings ceiling: what each booking cost MariaDB');
  assert.ok(summary.results.find((r) => r.workload === 'bookings').headroom.ratio > 0, 'bookings rows against the ceiling');
  assert.ok(summary.ceiling.rows.every((r) => r.throughput.median > 0), 'the nginx ceiling was measured');
  for (const workload of ['hello', 'echo']) assert.ok(summary.results.find((r) => r.workload === workload).headroom.ratio > 0, workload);
  // Two repeats: nginx and the stack started afresh in each, two good repeats per row, too few for an interval or a rank.
  assert.equal(summary.repeatOrders.length, 2);
  assert.ok(summary.ceiling.rows.every((r) => r.repeats.map((x) => x.repeat).join() === '1,2'), 'the ceiling in every repeat');
  // hello is bracketed (the smoke profile's bracket): the repeat's nginx measured just before and after each window.
  for (const r of summary.results.find((x) => x.workload === 'hello').repeats) {
    assert.ok(r.bracket?.before > 0 && r.bracket.after > 0, `hello #${r.repeat}: ${JSON.stringify(r.bracket)}`);
  }
  assert.ok(summary.results.find((x) => x.workload === 'echo').repeats.every((r) => !r.bracket), 'echo is not bracketed in smoke');
  for (const row of summary.results) {
    assert.deepEqual([row.intervals.n, row.intervals.excluded.length], [2, 0], `${row.label}: two good repeats`);
    if (row.workload !== 'chat') assert.equal(row.rank, null, `${row.label}: no rank from two repeats`);
  }
  assert.match(readFileSync(join(resultsDir, 'latest', 'REPORT.md'), 'utf8'), /\| 2, no interval \|/);
  for (const key of ['cpuModel', 'cores', 'pinning', 'jdk', 'node', 'mariadb', 'wrk', 'openLoop', 'git']) {
    assert.ok(summary.environment[key], `environment.${key}`);
  }
  assert.match(run.stdout, /^stack\s+workload\s+gen\s+req\/s/m, 'the table is printed');
  assert.match(run.stdout, /^stack\s+workload\s+offered\/s\s+achieved\/s/m, 'the latency table is printed');
  const report = readFileSync(join(resultsDir, 'latest', 'REPORT.md'), 'utf8');
  for (const w of WORKLOADS) assert.match(report, new RegExp(`^### ${w}$`, 'm'), `REPORT.md has a ${w} table`);
  for (const chart of report.matchAll(/\]\((charts\/[^)]+\.svg)\)/g)) {
    assert.ok(existsSync(join(resultsDir, 'latest', chart[1])), `${chart[1]} exists`);
  }
  for (const dashboard of report.matchAll(/\]\(([^)]+dashboard\/index\.html)\)/g)) {
    assert.ok(existsSync(join(resultsDir, 'latest', dashboard[1])), `${dashboard[1]} exists`);
  }
  assert.match(report, /## Seed claims/);
  assert.match(report, /^### bookings latency$/m);
  assert.match(report, /charts\/latency-rate\.svg/);
});
