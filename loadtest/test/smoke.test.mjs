// The whole bench, for real, in a couple of minutes: `make test` runs it with BENCH_SMOKE=1 (it needs MariaDB
// up, node-express built, JMeter installed and port 8085 free). Results go under .run/, not results/, so a
// smoke run never replaces results/latest of a real bench.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, RUN_DIR } from '../../scripts/lib/stacks.mjs';
import { WORKLOADS } from '../lib/profiles.mjs';

const enabled = process.env.BENCH_SMOKE === '1';

test('PROFILE=smoke STACKS=node-express produces a summary with throughput and no errors', {
  skip: !enabled && 'set BENCH_SMOKE=1 (make test does)', timeout: 240_000,
}, () => {
  const resultsDir = join(RUN_DIR, 'bench-smoke');
  const run = spawnSync(process.execPath, [join(ROOT, 'loadtest/bench.mjs')], {
    env: { ...process.env, PROFILE: 'smoke', STACKS: 'node-express', WORKLOADS: '', REPEAT: '', RESULTS_DIR: resultsDir },
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 230_000,
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
  assert.deepEqual(summary.ceiling.rows.map((r) => r.workload), ['hello', 'static']);
  assert.ok(summary.ceiling.rows.every((r) => r.throughput.median > 0), 'the nginx ceiling was measured');
  assert.ok(summary.results.find((r) => r.workload === 'hello').headroom.ratio > 0);
  for (const key of ['cpuModel', 'cores', 'pinning', 'jdk', 'node', 'mariadb', 'jmeter', 'git']) {
    assert.ok(summary.environment[key], `environment.${key}`);
  }
  assert.match(run.stdout, /^stack\s+workload\s+req\/s/m, 'the table is printed');
  const report = readFileSync(join(resultsDir, 'latest', 'REPORT.md'), 'utf8');
  for (const w of WORKLOADS) assert.match(report, new RegExp(`^### ${w}$`, 'm'), `REPORT.md has a ${w} table`);
  for (const chart of report.matchAll(/\]\((charts\/[^)]+\.svg)\)/g)) {
    assert.ok(existsSync(join(resultsDir, 'latest', chart[1])), `${chart[1]} exists`);
  }
  for (const dashboard of report.matchAll(/\]\(([^)]+dashboard\/index\.html)\)/g)) {
    assert.ok(existsSync(join(resultsDir, 'latest', dashboard[1])), `${dashboard[1]} exists`);
  }
  assert.match(report, /## Seed claims/);
});
