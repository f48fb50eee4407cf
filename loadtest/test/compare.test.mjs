// make compare: a delta is a change only when a Mann–Whitney U test on the good repeats says so, and never from
// so few repeats that the test could not say it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { compareRuns, formatComparison, settingDifferences } from '../reports/compare.mjs';

// A summary row; a repeat given as null failed (nothing succeeded in it).
const row = (stack, label, values, extra = {}) => {
  const good = values.filter((v) => v !== null).sort((a, b) => a - b);
  return {
    stack, label, workload: label, failed: values.includes(null), latencyMs: { p99: 10 },
    throughput: { median: good[Math.floor(good.length / 2)] ?? null, min: good[0] ?? null, max: good.at(-1) ?? null },
    repeats: values.map((v, i) => (v === null ? { repeat: i + 1, throughput: 0, failed: true, reason: 'server exited' }
      : { repeat: i + 1, throughput: v, failed: false })),
    ...extra,
  };
};
const run = (name, results, profile = 'quick') => ({ run: name, profile, profileSettings: { repeat: 3 }, environment: {}, results });
const byLabel = (rows) => Object.fromEntries(rows.map((r) => [r.label, r]));

test('identical repeats on both sides: every row ~', () => {
  const a = run('A', [row('s', 'hello', [100, 104, 108, 112, 116]), row('s', 'echo', [50, 51, 52, 53, 54])]);
  const b = run('B', [row('s', 'hello', [116, 112, 108, 104, 100]), row('s', 'echo', [50, 51, 52, 53, 54])]);
  const rows = compareRuns(a, b);
  assert.deepEqual(rows.map((r) => r.verdict), ['~', '~']);
  assert.ok(rows.every((r) => r.p === 1 && r.delta === 0 && r.change.low <= 0 && r.change.high >= 0));
  assert.match(formatComparison(a, b), /^0 changed, 2 ~, 0 cannot decide$/m);
});

test('clearly shifted repeats, 5 against 5: changed, faster one way and slower the other', () => {
  const a = run('A', [row('s', 'hello', [100, 101, 102, 103, 104]), row('s', 'echo', [100, 104, 108, 112, 116])]);
  const b = run('B', [row('s', 'hello', [110, 111, 112, 113, 114]), row('s', 'echo', [101, 105, 109, 113, 117])]);
  const rows = byLabel(compareRuns(a, b));
  assert.equal(rows.hello.verdict, 'faster');
  assert.equal(rows.hello.outcome, 'changed');
  assert.equal(rows.hello.p, 2 / 252); // the exact test's smallest p for 5 against 5
  assert.ok(Math.abs(rows.hello.delta - (112 / 102 - 1)) < 1e-12);
  assert.ok(rows.hello.change.low > 0);
  assert.equal(rows.echo.verdict, '~'); // a 1 % shift inside a 16 % spread
  assert.equal(byLabel(compareRuns(b, a)).hello.verdict, 'slower');
  const text = formatComparison(a, b);
  assert.match(text, /\| s \| hello \| 102 ×5 \| 112 ×5 \| \+9\.8 % \[\+\d+\.\d, \+\d+\.\d\] \| 0\.008 \| faster \| – \| – \| 10 → 10 \|/);
  assert.match(text, /^1 changed, 1 ~, 0 cannot decide$/m);
});

test('single repeats, or 3 against 3, cannot decide however large the difference', () => {
  const a = run('A', [row('s', 'hello', [100]), row('s', 'echo', [100, 101, 102])]);
  const b = run('B', [row('s', 'hello', [200]), row('s', 'echo', [200, 201, 202])]);
  const rows = byLabel(compareRuns(a, b));
  assert.equal(rows.hello.verdict, 'cannot decide (1 A / 1 B repeats)');
  assert.equal(rows.hello.change, null); // no interval from one value a side
  assert.equal(rows.echo.verdict, 'cannot decide (3 A / 3 B repeats)'); // minimumP(3, 3) = 0.1
  const text = formatComparison(a, b);
  assert.match(text, /\| s \| hello \| 100 ×1 \| 200 ×1 \| \+100\.0 % \| 1\.000 \| cannot decide \(1 A \/ 1 B repeats\) \| – \| – \| 10 → 10 \|/);
  assert.match(text, /^0 changed, 0 ~, 2 cannot decide$/m);
});

test('a failed repeat is left out of the test and counted', () => {
  const a = run('A', [row('s', 'hello', [100, 101, null, 102, 103, 104])]);
  const b = run('B', [row('s', 'hello', [110, 111, 112, 113, 114])]);
  const [r] = compareRuns(a, b);
  assert.equal(r.verdict, 'faster');
  assert.deepEqual([r.sideA.n, r.sideA.excluded, r.sideB.excluded], [5, 1, 0]);
  assert.equal(r.p, 2 / 252);
  assert.match(formatComparison(a, b), /\| s \| hello \| 102 ×5 \(1 left out\) \| 112 ×5 \|/);
  // Left with too few good repeats, the row cannot decide, and says so with the good ones' count.
  const few = run('A', [row('s', 'hello', [100, null, null, 101, null])]);
  assert.equal(compareRuns(few, b)[0].verdict, 'cannot decide (2 A / 5 B repeats)');
});

test('rows present in one run only, and failed rows, are named as such', () => {
  const a = run('A', [row('s', 'hello', [100, 101]), row('t', 'echo', [5, 6])]);
  const b = run('B', [row('s', 'hello', [null, null]), row('u', 'echo', [5, 6])], 'seed');
  const verdicts = Object.fromEntries(compareRuns(a, b).map((r) => [`${r.stack}|${r.label}`, r.verdict]));
  assert.deepEqual(verdicts, { 's|hello': 'failed run', 't|echo': 'only in A', 'u|echo': 'only in B' });
  const text = formatComparison(a, b);
  assert.match(text, /settings differ, profile: quick → seed/);
  assert.match(text, /\| t \| echo \| 6 ×2 \| – \| – \| – \| only in A \| – \| – \| – \|/);
  assert.match(text, /^0 changed, 0 ~, 0 cannot decide, 3 not compared \(failed, no throughput or in one run only\)$/m);
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
  for (const [name, values] of [['r1', [100, 101, 102, 103]], ['r2', [150, 151, 152, 153]]]) {
    mkdirSync(join(root, name));
    writeFileSync(join(root, name, 'summary.json'), JSON.stringify(run(name, [row('s', 'hello', values)])));
  }
  const cli = new URL('../compare.mjs', import.meta.url).pathname;
  const ok = spawnSync(process.execPath, [cli, 'r1', 'r2'], { env: { ...process.env, RESULTS_DIR: root }, encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /\| s \| hello \| 102 ×4 \| 152 ×4 \| \+49\.3 % \[\+\d+\.\d, \+\d+\.\d\] \| 0\.029 \| faster \| – \| – \| 10 → 10 \|/);
  const defaults = spawnSync(process.execPath, [cli], { env: { ...process.env, RESULTS_DIR: root }, encoding: 'utf8' });
  assert.match(defaults.stdout, /A r1 .* → B r2/);
  const missing = spawnSync(process.execPath, [cli, 'r1', 'nope'], { env: { ...process.env, RESULTS_DIR: root }, encoding: 'utf8' });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no summary\.json for run "nope"/);
});

test('× nginx: the same test on each repeat\'s ratio to the ceiling, which a change of the host alone leaves', () => {
  // The host got 10 % faster between the runs: req/s changed, the ratio to the ceiling of the same repeat did not.
  const ceiling = (scale) => ({ rows: [{ label: 'hello', repeats: [200, 210, 190, 205, 195].map((v, i) => ({ repeat: i + 1, throughput: v * scale })) }] });
  const stack = (scale) => [{ stack: 's', label: 'hello', repeats: [100, 105, 95, 102, 98].map((v, i) => ({ repeat: i + 1, throughput: v * scale })) }];
  const [r] = compareRuns({ results: stack(1), ceiling: ceiling(1) }, { results: stack(1.1), ceiling: ceiling(1.1) });
  assert.equal(r.verdict, 'faster');
  assert.equal(r.ofCeiling.verdict, '~');
  assert.ok(Math.abs(r.ofCeiling.a - 0.5) < 1e-9 && Math.abs(r.ofCeiling.b - 0.5) < 1e-9);
});

test('× nginx to the bracket on one side and to the repeat\'s ceiling on the other: no verdict, the method changed', () => {
  const ceiling = { rows: [{ label: 'hello', repeats: [1, 2, 3, 4, 5].map((repeat) => ({ repeat, throughput: 200 })) }] };
  const repeats = (bracket) => [100, 105, 95, 102, 98].map((v, i) => ({ repeat: i + 1, throughput: v,
    ...(bracket ? { bracket: { before: 150, after: 150, throughput: 150 } } : {}) }));
  const [r] = compareRuns({ results: [{ stack: 's', label: 'hello', repeats: repeats(false) }], ceiling },
    { results: [{ stack: 's', label: 'hello', repeats: repeats(true) }], ceiling });
  assert.equal(r.ofCeiling.outcome, 'cannot decide');
  assert.match(r.ofCeiling.verdict, /to the repeat → to the bracket/);
  // Both bracketed: compared as before, each to its own brackets.
  const [same] = compareRuns({ results: [{ stack: 's', label: 'hello', repeats: repeats(true) }], ceiling },
    { results: [{ stack: 's', label: 'hello', repeats: repeats(true) }], ceiling });
  assert.equal(same.ofCeiling.verdict, '~');
  assert.ok(Math.abs(same.ofCeiling.a - 100 / 150) < 1e-9);
  assert.match(settingDifferences({ profileSettings: { bracket: null } }, { profileSettings: { bracket: { workloads: ['hello'], seconds: 2 } } }).join(),
    /bracket: null → /);
});
