// Whether a second run confirms the first: interval overlap per row, and the largest ratio move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRow } from '../reports/summary.mjs';
import { rankRun } from '../reports/ranks.mjs';
import { agreement, formatAgreement } from '../reports/agreement.mjs';

const RESOURCES = { cpuMeanPercent: 98, cpuPeakPercent: 100, peakRssBytes: 1, threads: 1, processes: 1 };
const row = (stack, label, values) => buildRow({ server: stack, workload: label, label, step: {}, pinning: { server: '1', db: '0', loadgen: '0' },
  repeats: values.map((throughput, i) => ({ repeat: i + 1, throughput, samples: 10, errors: 0, failed: false, latencyMs: { p99: 2 }, resources: RESOURCES })) });
function run(values) {
  const results = Object.entries(values).map(([stack, v]) => row(stack, 'hello', v));
  const ceiling = [row('nginx (ceiling)', 'hello', [200, 200, 200, 200, 200])];
  rankRun(results, ceiling);
  return { results };
}

test('two runs of the same figures agree on every row, and no ratio moved', () => {
  const a = run({ x: [100, 102, 98, 101, 99], y: [50, 51, 49, 50, 50] });
  const result = agreement(a, run({ x: [100, 102, 98, 101, 99], y: [50, 51, 49, 50, 50] }));
  assert.deepEqual([result.judged, result.agreeing, result.share], [2, 2, 1]);
  assert.equal(Math.abs(result.largestMove.move), 0);
  assert.match(formatAgreement(result), /overlap on 2 of 2 rows \(100 %/);
});

test('a row whose ratio moved beyond its interval disagrees, and is named with the largest move', () => {
  const a = run({ x: [100, 102, 98, 101, 99], y: [50, 51, 49, 50, 50] });
  const b = run({ x: [100, 102, 98, 101, 99], y: [70, 71, 69, 70, 70] });
  const result = agreement(a, b);
  assert.deepEqual([result.judged, result.agreeing], [2, 1]);
  assert.equal(result.largestMove.stack, 'y');
  assert.ok(Math.abs(result.largestMove.move - 0.4) < 1e-9);
  assert.match(formatAgreement(result), /disagree: y hello: req\/s, × best, × nginx/);
});

test('rows without intervals on both sides are left out of the share', () => {
  const result = agreement(run({ x: [100] }), run({ x: [100] }));
  assert.equal(result.judged, 0);
  assert.match(formatAgreement(result), /no row has intervals in both runs/);
});

test('a ratio taken to the bracket in one run and to the repeat\'s ceiling in the other is not judged between them', () => {
  const a = run({ x: [100, 102, 98, 101, 99], y: [50, 51, 49, 50, 50] });
  const b = run({ x: [100, 102, 98, 101, 99], y: [50, 51, 49, 50, 50] });
  for (const r of b.results) r.ratios.ofCeiling.basis = 'bracket';
  const result = agreement(a, b);
  assert.ok(result.rows.every((r) => !('× nginx' in r.checks)), JSON.stringify(result.rows.map((r) => r.checks)));
  assert.ok(result.rows.every((r) => r.moves.every((m) => m.ratio !== '× nginx')));
});
