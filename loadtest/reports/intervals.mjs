// Statistics across a bench's repeats: the 95 % interval of a figure's mean (Student's t), seeded percentile
// bootstraps for medians and their ratios, and the Mann–Whitney U test for "did B change against A". A repeat is
// one value; a handful of them is all a run has, so every function here is meant for small samples.
import { median, percentile } from './stats.mjs';

export const CONFIDENCE = 0.95;
/** A figure needs at least this many good repeats to get an interval. */
export const MIN_REPEATS = 3;
export const METHOD = "Student's t";

// ln Γ(x) for x > 0 (Lanczos, g = 7, nine coefficients: ~1e-15 relative).
const LANCZOS = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

// The continued fraction of the incomplete beta function (modified Lentz), converging for x < (a+1)/(a+b+2).
function betaFraction(x, a, b) {
  const TINY = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < TINY ? TINY : d);
  let h = d;
  for (let m = 1; m <= 1000; m++) {
    for (const numerator of [(m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)),
      (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))]) {
      d = 1 + numerator * d;
      d = 1 / (Math.abs(d) < TINY ? TINY : d);
      c = 1 + numerator / c;
      if (Math.abs(c) < TINY) c = TINY;
      h *= d * c;
      if (numerator !== 0 && Math.abs(d * c - 1) < 1e-16) return h;
    }
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

// P(T > t) for t >= 0, computed directly (not as 1 − CDF) so that far tails keep their precision.
const tUpperTail = (t, df) => 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);

/** The p-quantile of Student's t with df degrees of freedom (df may be fractional), by bisection on its tail. */
export function tQuantile(p, df) {
  if (!(p > 0 && p < 1) || !(df > 0)) throw new RangeError(`tQuantile needs 0 < p < 1 and df > 0 (got p=${p}, df=${df})`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  const q = 1 - p;
  let lo = 0;
  let hi = 1;
  while (tUpperTail(hi, df) > q) { lo = hi; hi *= 2; }
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tUpperTail(mid, df) > q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The interval of the mean of values at the given confidence, from Student's t; null for fewer than 2 values. */
export function tInterval(values, confidence = CONFIDENCE) {
  const n = values.length;
  if (n < 2) return null;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  const halfWidth = tQuantile(1 - (1 - confidence) / 2, n - 1) * Math.sqrt(variance / n);
  return { n, mean, low: mean - halfWidth, high: mean + halfWidth, halfWidth };
}

/**
 * The one-sample t test of mean(values) = mu, two-sided: { n, mean, t, p }; null for fewer than 2 values. Values
 * all alike give p = 0 when they differ from mu and 1 when they equal it (no spread, nothing to doubt).
 */
export function tTest(values, mu = 0) {
  const n = values.length;
  if (n < 2) return null;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  if (variance === 0) return { n, mean, t: mean === mu ? 0 : Math.sign(mean - mu) * Infinity, p: mean === mu ? 1 : 0 };
  const t = (mean - mu) / Math.sqrt(variance / n);
  return { n, mean, t, p: Math.min(1, 2 * tUpperTail(Math.abs(t), n - 1)) };
}

/**
 * Holm's step-down correction for testing several hypotheses at once (family-wise error rate `alpha`): which of
 * `pValues` are rejected. The smallest p is held to alpha / m, the next to alpha / (m − 1), … until one is not.
 */
export function holm(pValues, alpha = 1 - CONFIDENCE) {
  const order = pValues.map((p, i) => [p, i]).sort((a, b) => a[0] - b[0]);
  const rejected = pValues.map(() => false);
  for (let k = 0; k < order.length; k++) {
    if (!(order[k][0] <= alpha / (order.length - k))) break;
    rejected[order[k][1]] = true;
  }
  return rejected;
}

/** A deterministic generator of floats in [0, 1) (mulberry32), so that a bootstrap gives the same interval twice. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const resample = (values, random) => Array.from(values, () => values[Math.floor(random() * values.length)]);

// The percentile interval of bootstrap estimates: their (1−c)/2 and (1+c)/2 quantiles, by nearest rank.
function percentileInterval(estimates, confidence) {
  const sorted = Float64Array.from(estimates.filter(Number.isFinite)).sort();
  return { low: percentile(sorted, ((1 - confidence) / 2) * 100), high: percentile(sorted, ((1 + confidence) / 2) * 100) };
}

/** Percentile bootstrap interval of statistic(values); null for fewer than 2 values. */
export function bootstrapInterval(values, { statistic = median, resamples = 10000, seed = 1, confidence = CONFIDENCE } = {}) {
  if (values.length < 2) return null;
  const random = seededRandom(seed);
  return percentileInterval(Array.from({ length: resamples }, () => statistic(resample(values, random))), confidence);
}

// C(n, k) as a float; exact for every size the exact test uses (C(40, 20) < 2^53).
function binomial(n, k) {
  let c = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) c = (c * (n - Math.min(k, n - k) + i)) / i;
  return c;
}

/** The smallest two-sided p the exact Mann–Whitney test can reach with nA against nB values. */
export function minimumP(nA, nB) {
  return Math.min(1, 2 / binomial(nA + nB, nA));
}

// How many of the C(nA+nB, nA) orderings give each U from 0 to nA·nB: counts[i][j][u] = counts[i−1][j][u−j]
// (the largest value is one of A's and beats all j of B's) + counts[i][j−1][u] (it is one of B's).
function exactCounts(nA, nB) {
  let previous = Array.from({ length: nB + 1 }, () => [1]);
  for (let i = 1; i <= nA; i++) {
    const row = [[1]];
    for (let j = 1; j <= nB; j++) {
      const counts = new Array(i * j + 1).fill(0);
      previous[j].forEach((c, u) => { counts[u + j] += c; });
      row[j - 1].forEach((c, u) => { counts[u] += c; });
      row.push(counts);
    }
    previous = row;
  }
  return previous[nB];
}

// Upper tail of the standard normal, via erfc (Numerical Recipes' erfcc: fractional error below 1.2e-7).
function normalUpperTail(z) {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
    + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

const EXACT_MAX_SIZE = 20;

/**
 * Two-sided Mann–Whitney U test of a against b: u is a's statistic (pairs where a's value is larger, ties
 * counting one half). The p-value is exact when there are no ties and both sides have at most 20 values,
 * otherwise from the normal approximation with tie and continuity corrections. Null when a side is empty.
 */
export function mannWhitney(a, b) {
  const nA = a.length;
  const nB = b.length;
  if (!nA || !nB) return null;
  let u = 0;
  for (const x of a) for (const y of b) u += x > y ? 1 : x === y ? 0.5 : 0;
  const sorted = [...a, ...b].sort((x, y) => x - y);
  const tieGroups = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    if (j - i > 1) tieGroups.push(j - i);
    i = j;
  }
  const larger = Math.max(u, nA * nB - u);
  if (!tieGroups.length && nA <= EXACT_MAX_SIZE && nB <= EXACT_MAX_SIZE) {
    const counts = exactCounts(nA, nB);
    const atLeast = counts.slice(larger).reduce((s, c) => s + c, 0);
    return { u, p: Math.min(1, (2 * atLeast) / binomial(nA + nB, nA)), exact: true };
  }
  const n = nA + nB;
  const tieTerm = tieGroups.reduce((s, t) => s + t ** 3 - t, 0) / (n * (n - 1));
  const sigma = Math.sqrt(((nA * nB) / 12) * (n + 1 - tieTerm));
  if (!(sigma > 0)) return { u, p: 1, exact: false }; // every value equal: nothing tells the sides apart
  const z = (larger - (nA * nB) / 2 - 0.5) / sigma;
  return { u, p: Math.min(1, 2 * normalUpperTail(z)), exact: false };
}

/**
 * A figure over a run's good repeats (nulls and NaN dropped): its median and mean and, from minRepeats values
 * on, the t interval of the mean with its half-width absolute and relative to the mean. The figures here (rates,
 * ratios, latencies) cannot be negative: a low end below zero, which a few scattered repeats can give, is zero.
 */
export function figureInterval(values, { minRepeats = MIN_REPEATS, confidence = CONFIDENCE } = {}) {
  const clean = values.filter(Number.isFinite);
  const n = clean.length;
  const none = { low: null, high: null, halfWidth: null, relativeHalfWidth: null };
  if (!n) return { n, median: null, mean: null, ...none };
  const interval = n >= Math.max(2, minRepeats) ? tInterval(clean, confidence) : null;
  return {
    n, median: median(clean), mean: clean.reduce((s, v) => s + v, 0) / n,
    ...(interval ? { low: clean.every((v) => v >= 0) ? Math.max(0, interval.low) : interval.low, high: interval.high, halfWidth: interval.halfWidth,
      relativeHalfWidth: interval.mean ? interval.halfWidth / interval.mean : null } : none),
  };
}

/** a.value / b.value for every repeat number both have (b.value > 0), in repeat order. */
export function ratioPerRepeat(a, b) {
  const base = new Map(b.map((r) => [r.repeat, r.value]));
  return [...a].sort((x, y) => x.repeat - y.repeat)
    .filter((r) => Number.isFinite(r.value) && base.get(r.repeat) > 0)
    .map((r) => r.value / base.get(r.repeat));
}

/**
 * B's median against A's as a relative change, median(b)/median(a) − 1, with a percentile bootstrap interval
 * (each side resampled on its own, from one seeded generator); null when a side has fewer than 2 values.
 */
export function changeInterval(a, b, { seed = 1, resamples = 10000, confidence = CONFIDENCE } = {}) {
  if (a.length < 2 || b.length < 2) return null;
  const random = seededRandom(seed);
  const estimates = Array.from({ length: resamples }, () => median(resample(b, random)) / median(resample(a, random)) - 1);
  return { delta: median(b) / median(a) - 1, ...percentileInterval(estimates, confidence) };
}
