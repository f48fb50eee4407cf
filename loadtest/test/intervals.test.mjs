// Statistics across repeats, checked against figures computed elsewhere: published t tables and SciPy 1.17
// (scipy.stats.t.ppf, scipy.stats.t.interval, scipy.stats.mannwhitneyu), hard-coded below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { median } from '../reports/stats.mjs';
import {
  CONFIDENCE, MIN_REPEATS, METHOD, tQuantile, tInterval, seededRandom, bootstrapInterval, mannWhitney, minimumP,
  figureInterval, ratioPerRepeat, changeInterval, tTest, holm,
} from '../reports/intervals.mjs';

const close = (actual, expected, tolerance, what = '') =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what} ${actual} is not within ${tolerance} of ${expected}`);

test('the constants reports name', () => {
  assert.equal(CONFIDENCE, 0.95);
  assert.equal(MIN_REPEATS, 3);
  assert.equal(METHOD, "Student's t");
});

test('t quantiles match the published tables and scipy.stats.t.ppf', () => {
  // Table values (two-sided 95 % and 99 % critical values).
  close(tQuantile(0.975, 4), 2.776445, 1e-6, 't(0.975, 4)');
  close(tQuantile(0.975, 9), 2.262157, 1e-6, 't(0.975, 9)');
  close(tQuantile(0.975, 1), 12.7062, 1e-4, 't(0.975, 1)');
  close(tQuantile(0.995, 30), 2.749996, 1e-6, 't(0.995, 30)');
  // scipy.stats.t.ppf(p, df): a fractional df, a lower quantile, a far tail and a near-normal df.
  close(tQuantile(0.975, 4.5), 2.6589123472044034, 1e-6, 't(0.975, 4.5)');
  close(tQuantile(0.05, 7), -1.8945786050900066, 1e-6, 't(0.05, 7)');
  close(tQuantile(0.9999, 1), 3183.098757118502, 1e-6, 't(0.9999, 1)');
  close(tQuantile(0.975, 1000), 1.9623390808264083, 1e-6, 't(0.975, 1000)');
  assert.equal(tQuantile(0.5, 3), 0);
  assert.throws(() => tQuantile(1, 3), RangeError);
  assert.throws(() => tQuantile(0.5, 0), RangeError);
});

test('the t interval of a fixed sample matches scipy.stats.t.interval', () => {
  // x = [98.2, 101.5, 99.7, 103.1, 100.4]: scipy.stats.t.interval(0.95, 4, loc=mean(x), scale=sem(x)).
  const interval = tInterval([98.2, 101.5, 99.7, 103.1, 100.4]);
  assert.equal(interval.n, 5);
  close(interval.mean, 100.58, 1e-12, 'mean');
  close(interval.low, 98.28476806219598, 1e-9, 'low');
  close(interval.high, 102.87523193780402, 1e-9, 'high');
  close(interval.halfWidth, 2.29523193780402, 1e-9, 'half-width');
  assert.equal(tInterval([5]), null);
  assert.equal(tInterval([]), null);
  // A wider confidence gives a wider interval.
  assert.ok(tInterval([98.2, 101.5, 99.7, 103.1, 100.4], 0.99).halfWidth > interval.halfWidth);
});

test('the seeded generator is deterministic and stays in [0, 1)', () => {
  const one = seededRandom(42);
  const two = seededRandom(42);
  const draws = Array.from({ length: 1000 }, () => one());
  assert.deepEqual(draws, Array.from({ length: 1000 }, () => two()));
  assert.ok(draws.every((x) => x >= 0 && x < 1));
  assert.notDeepEqual(draws.slice(0, 10), Array.from({ length: 10 }, seededRandom(43)));
  close(draws.reduce((s, x) => s + x, 0) / draws.length, 0.5, 0.05, 'mean of 1000 draws');
});

test('a seeded bootstrap is reproducible and contains the median', () => {
  const values = [101, 97, 110, 104, 99, 108, 95, 103];
  const interval = bootstrapInterval(values);
  assert.deepEqual(bootstrapInterval(values, { seed: 1 }), interval);
  assert.ok(interval.low <= median(values) && median(values) <= interval.high, JSON.stringify(interval));
  assert.ok(interval.low >= Math.min(...values) && interval.high <= Math.max(...values));
  const others = [2, 3, 4, 5].map((seed) => bootstrapInterval(values, { seed, resamples: 200 }));
  assert.ok(others.some((o) => o.low !== others[0].low || o.high !== others[0].high), 'different seeds, different intervals');
  const mean = (v) => v.reduce((s, x) => s + x, 0) / v.length;
  const ofMean = bootstrapInterval(values, { statistic: mean });
  assert.ok(ofMean.low <= mean(values) && mean(values) <= ofMean.high);
  assert.equal(bootstrapInterval([5]), null);
});

test('Mann–Whitney: identical samples are not significant, shifted ones are (exact 2/252 for 5 against 5)', () => {
  const same = mannWhitney([100, 104, 108, 112, 116], [100, 104, 108, 112, 116]);
  assert.equal(same.p, 1); // scipy asymptotic with continuity: U = 12.5, p = 1.0
  assert.equal(same.u, 12.5);
  assert.equal(same.exact, false); // every value is tied
  const shifted = mannWhitney([100, 101, 102, 103, 104], [110, 111, 112, 113, 114]);
  assert.deepEqual(shifted, { u: 0, p: 2 / 252, exact: true });
  assert.equal(mannWhitney([110, 111, 112, 113, 114], [100, 101, 102, 103, 104]).u, 25);
  assert.equal(mannWhitney([1, 2], []), null);
});

test('Mann–Whitney p-values match scipy.stats.mannwhitneyu', () => {
  // method='exact': U = 6, p = 0.03496503496503496 (and U = 36 with the sides swapped).
  const a = [1.1, 2.3, 3.5, 4.2, 5.9, 6.4];
  const b = [2.8, 4.9, 7.1, 7.7, 8.3, 9.0, 10.2];
  const exact = mannWhitney(a, b);
  assert.equal(exact.exact, true);
  assert.equal(exact.u, 6);
  close(exact.p, 0.03496503496503496, 1e-12, 'exact p');
  assert.equal(mannWhitney(b, a).u, 36);
  // method='exact' at the largest exact size, 20 against 20: U = 190, p = 0.799407187161697.
  const evens = Array.from({ length: 20 }, (_, i) => 2 * i);
  close(mannWhitney(evens, evens.map((x) => x + 1.3)).p, 0.799407187161697, 1e-12, '20 × 20 exact p');
  // Ties, method='asymptotic', use_continuity=True: U = 9.5, p = 0.011564296387462049.
  const tied = mannWhitney([3, 4, 4, 5, 6, 6, 6, 8], [5, 6, 7, 7, 8, 9, 9, 10, 12]);
  assert.equal(tied.exact, false);
  assert.equal(tied.u, 9.5);
  close(tied.p, 0.011564296387462049, 1e-6, 'tied p');
  // Too large for the exact distribution (25 against 25), method='asymptotic': U = 153, p = 0.002035157807278379.
  const ones = Array.from({ length: 25 }, (_, i) => i + 1);
  const large = mannWhitney(ones, ones.map((x) => x + 7.5));
  assert.equal(large.exact, false);
  close(large.p, 0.002035157807278379, 1e-6, 'large p');
});

test('minimumP: the smallest p the exact test can give, 2 / C(nA+nB, nA)', () => {
  close(minimumP(3, 3), 0.1, 1e-15);
  close(minimumP(5, 5), 2 / 252, 1e-15);
  close(minimumP(4, 4), 2 / 70, 1e-15);
  assert.equal(minimumP(1, 1), 1);
  assert.equal(minimumP(1, 5), 2 / 6);
  assert.ok(minimumP(3, 4) > 0.05 && minimumP(3, 5) < 0.05);
});

test('figureInterval: median and mean always, the t interval from MIN_REPEATS values on', () => {
  assert.deepEqual(figureInterval([]), { n: 0, median: null, mean: null, low: null, high: null, halfWidth: null, relativeHalfWidth: null });
  assert.deepEqual(figureInterval([10, 20]), { n: 2, median: 15, mean: 15, low: null, high: null, halfWidth: null, relativeHalfWidth: null });
  const figure = figureInterval([98.2, null, 101.5, 99.7, Number.NaN, 103.1, 100.4, undefined]);
  assert.equal(figure.n, 5);
  assert.equal(figure.median, 100.4);
  close(figure.low, 98.28476806219598, 1e-9, 'low'); // the scipy figures above
  close(figure.high, 102.87523193780402, 1e-9, 'high');
  close(figure.relativeHalfWidth, 2.29523193780402 / 100.58, 1e-12, 'relative half-width');
  assert.equal(figureInterval([10, 20], { minRepeats: 2 }).low !== null, true);
  assert.equal(figureInterval([10, 20, 30], { minRepeats: 4 }).low, null);
});

test('ratioPerRepeat pairs by repeat number, skipping repeats missing on either side or with no base', () => {
  const a = [{ repeat: 3, value: 30 }, { repeat: 1, value: 10 }, { repeat: 2, value: 20 }, { repeat: 4, value: 40 }];
  const b = [{ repeat: 1, value: 5 }, { repeat: 3, value: 10 }, { repeat: 4, value: 0 }, { repeat: 5, value: 7 }];
  assert.deepEqual(ratioPerRepeat(a, b), [2, 3]);
  assert.deepEqual(ratioPerRepeat([], b), []);
});

test('changeInterval: median(b)/median(a) − 1 with a reproducible bootstrap interval around it', () => {
  const a = [100, 104, 108, 112, 116];
  const b = [110, 112, 115, 118, 121];
  const change = changeInterval(a, b);
  close(change.delta, 115 / 108 - 1, 1e-12, 'delta');
  assert.ok(change.low <= change.delta && change.delta <= change.high, JSON.stringify(change));
  assert.deepEqual(changeInterval(a, b, { seed: 1 }), change);
  // Every resample's median lies within each side's range, so the interval does too.
  assert.ok(change.low >= 110 / 116 - 1 && change.high <= 121 / 100 - 1);
  const clearly = changeInterval([100, 101, 102, 103, 104], [150, 151, 152, 153, 154]);
  assert.ok(clearly.low > 0.4, JSON.stringify(clearly));
  assert.equal(changeInterval([100], b), null);
  assert.equal(changeInterval(a, [1]), null);
});

test('the one-sample t test matches scipy.stats.ttest_1samp; a sample without spread is 0 or 1', () => {
  // ttest_1samp([1, 2, 3, 4, 5], 0): t = 4.242641, p = 0.0132356 (also by integrating the t density, df 4)
  const r = tTest([1, 2, 3, 4, 5]);
  close(r.t, 4.242641, 1e-6, 't');
  close(r.p, 0.0132356, 1e-6, 'p');
  close(tTest([1, 2, 3, 4, 5], 3).p, 1, 1e-12, 'the mean itself');
  assert.deepEqual([tTest([2, 2, 2]).p, tTest([0, 0, 0]).p, tTest([1])], [0, 1, null]);
});

test("Holm's step-down: alpha / m for the smallest p, then alpha / (m − 1), stopping at the first kept", () => {
  // sorted 0.005 <= 0.0125, 0.01 <= 0.0167, 0.03 > 0.025: stop, so 0.04 is kept although it is under 0.05
  assert.deepEqual(holm([0.01, 0.04, 0.03, 0.005], 0.05), [true, false, false, true]);
  assert.deepEqual(holm([0.001, 0.02], 0.05), [true, true]);
  assert.deepEqual(holm([0.03, 0.03], 0.05), [false, false], 'each alone would pass; together neither does');
  assert.deepEqual(holm([]), []);
});
