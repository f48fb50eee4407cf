// make compare: a delta is a change only beyond the runs' own spread (or, with one repeat, a noise floor).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { compareRuns, formatComparison, settingDifferences, NOISE_FLOOR } from '../lib/compare.mjs';

const row = (stack, label, values, extra = {}) => ({
  stack, label, workload: label, failed: false, latencyMs: { p99: 10 },
  throughput: { median: [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)], min: Math.min(...values), max: Math.max(...values) },
  repeats: values.map((v, i) => ({ repeat: i + 1, throughput: v })), ...extra,
});
const run = (name, results, profile = 'quick') => ({ run: name, profile, profileSettings: { repeat: 3 }, environment: {}, results });

test('with repeats on both sides, only non-overlapping ranges are changes', () => {
  const a = run('A', [row('s', 'hello', [100, 104, 108]), row('s', 'echo', [100, 104, 108])]);
  const b = run('B', [row('s', 'hello', [110, 112, 115]), row('s', 'echo', [105, 112, 115])]);
  const byLabel = Object.fromEntries(compareRuns(a, b).map((r) => [r.label, r]));
  assert.equal(byLabel.hello.verdict, 'faster');
  assert.equal(byLabel.echo.verdict, 'within noise');
  assert.ok(Math.abs(byLabel.hello.delta - (112 / 104 - 1)) < 1e-12);
  const slower = compareRuns(b, a).find((r) => r.label === 'hello');
  assert.equal(slower.verdict, 'slower');
});

test('with a single repeat, only a difference beyond the noise floor is flagged, as unconfirmed', () => {
  const a = run('A', [row('s', 'hello', [100]), row('s', 'echo', [100])]);
  const b = run('B', [row('s', 'hello', [100 * (1 + NOISE_FLOOR) + 1]), row('s', 'echo', [105])]);
  const byLabel = Object.fromEntries(compareRuns(a, b).map((r) => [r.label, r]));
  assert.equal(byLabel.hello.verdict, 'faster? (1 repeat)');
  assert.equal(byLabel.echo.verdict, 'within noise? (1 repeat)');
});

test('rows present in one run only, and failed rows, are named as such', () => {
  const a = run('A', [row('s', 'hello', [100, 101]), row('t', 'echo', [5, 6])]);
  const b = run('B', [row('s', 'hello', [300, 301], { failed: true }), row('u', 'echo', [5, 6])], 'seed');
  const verdicts = Object.fromEntries(compareRuns(a, b).map((r) => [`${r.stack}|${r.label}`, r.verdict]));
  assert.deepEqual(verdicts, { 's|hello': 'failed run', 't|echo': 'only in A', 'u|echo': 'only in B' });
  assert.match(formatComparison(a, b), /settings differ, profile: quick → seed/);
});

test('a library another build resolved is named among the settings that differ', () => {
  const a = { ...run('A', []), environment: { libraries: { s: { 'io.vertx:vertx-core': '5.0.10', 'io.vertx:vertx-web': '5.0.10' } } } };
  const b = { ...run('B', []), environment: { libraries: { s: { 'io.vertx:vertx-core': '5.2.3', 'io.vertx:vertx-web': '5.0.10' } } } };
  assert.deepEqual(settingDifferences(a, b), ['s vertx-core: 5.0.10 → 5.2.3']);
});

test('a change of runtime or topology is named first, before the other settings', () => {
  const a = run('A', []);
  const b = { ...run('B', [], 'seed'), runtime: 'compose',
    topology: { server: 'each stack\'s compose service', db: 'db:3306', loadgen: 'the loadtest container' } };
  const differences = settingDifferences(a, b);
  assert.equal(differences[0], 'runtime: native → compose');
  assert.match(differences[1], /^topology: \{"server":"127\.0\.0\.1".*→ \{"server":"each stack's compose service"/);
  assert.equal(differences[2], 'profile: quick → seed');
  assert.deepEqual(settingDifferences(a, { ...run('C', []), runtime: 'native',
    topology: { server: '127.0.0.1', db: '127.0.0.1:3307', loadgen: 'this machine' } }), []);
});

test('the compare CLI reads two run folders and fails clearly on a missing one', () => {
  const root = mkdtempSync(join(tmpdir(), 'compare-'));
  for (const [name, values] of [['r1', [100, 101]], ['r2', [150, 151]]]) {
    mkdirSync(join(root, name));
    writeFileSync(join(root, name, 'summary.json'), JSON.stringify(run(name, [row('s', 'hello', values)])));
  }
  const cli = new URL('../compare.mjs', import.meta.url).pathname;
  const ok = spawnSync(process.execPath, [cli, 'r1', 'r2'], { env: { ...process.env, RESULTS_DIR: root }, encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /\| s \| hello \| 101 \[100–101\] ×2 \| 151 \[150–151\] ×2 \| \+49\.5% \| 10 → 10 \| faster \|/);
  const defaults = spawnSync(process.execPath, [cli], { env: { ...process.env, RESULTS_DIR: root }, encoding: 'utf8' });
  assert.match(defaults.stdout, /A r1 .* → B r2/);
  const missing = spawnSync(process.execPath, [cli, 'r1', 'nope'], { env: { ...process.env, RESULTS_DIR: root }, encoding: 'utf8' });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no summary\.json for run "nope"/);
});
