import { test } from 'node:test';
import assert from 'node:assert/strict';
import { percentile, latencySummary, throughput, median, spread } from '../reports/stats.mjs';

const range = (n) => Array.from({ length: n }, (_, i) => i + 1);

test('nearest rank: the value at rank ceil(p/100 × N) of the sorted sample', () => {
  const s = range(10);
  assert.equal(percentile(s, 50), 5);
  assert.equal(percentile(s, 90), 9);
  assert.equal(percentile(s, 91), 10);
  assert.equal(percentile(s, 0), 1);
  assert.equal(percentile(s, 100), 10);
  assert.equal(percentile([15, 20, 35, 40, 50], 30), 20); // the textbook example
  assert.equal(percentile([15, 20, 35, 40, 50], 40), 20);
  assert.equal(percentile([15, 20, 35, 40, 50], 50), 35);
});

test('p99.9 on small samples is the maximum; on 1000 values the 999th; no floating-point off-by-one', () => {
  assert.equal(percentile(range(100), 99.9), 100);
  assert.equal(percentile(range(1000), 99.9), 999);
  assert.equal(percentile(range(1001), 99.9), 1000);
  assert.equal(percentile(range(2000), 99.9), 1998);
  assert.equal(percentile(range(100), 99), 99);
  assert.equal(percentile([7], 99.9), 7);
});

test('empty input gives null percentiles, not NaN or a throw', () => {
  assert.equal(percentile([], 50), null);
  assert.deepEqual(latencySummary([]), { p50: null, p90: null, p99: null, 'p99.9': null, max: null });
  assert.equal(median([]), null);
  assert.deepEqual(spread([]), { median: null, min: null, max: null });
});

test('latencySummary sorts numerically, not as strings', () => {
  const summary = latencySummary([100, 9, 20, 3, 1000, 5, 7, 8, 2, 1]);
  assert.deepEqual(summary, { p50: 7, p90: 100, p99: 1000, 'p99.9': 1000, max: 1000 });
});

test('throughput: successful samples over the measured window', () => {
  assert.equal(throughput(500, 5_000), 100);
  assert.equal(throughput(0, 5_000), 0);
  assert.equal(throughput(10, 0), 0);
});

test('median and spread over repeats', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.deepEqual(spread([300, 100, 200]), { median: 200, min: 100, max: 300 });
});
