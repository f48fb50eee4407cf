// Latency percentiles and throughput. Percentiles use the nearest-rank method on the full sample, with no
// interpolation and no histogram: the p-th percentile of N sorted values is the value at rank ceil(p/100 × N)
// (1-based), so every reported figure is a latency some request really had. On small samples the high
// percentiles are the maximum (p99.9 of 100 values is the 100th), which is the honest answer.

export const PERCENTILES = [50, 90, 99, 99.9];

/** Nearest-rank percentile of an ascending-sorted array (or typed array); null when empty. */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  if (p <= 0) return sorted[0];
  // Rounding guards against 99.9 / 100 * 1000 = 998.9999… in binary floating point.
  const rank = Math.ceil(Math.round((p / 100) * sorted.length * 1e9) / 1e9);
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** p50/p90/p99/p99.9/max of unsorted latencies (milliseconds); nulls when there are none. */
export function latencySummary(values) {
  const sorted = Float64Array.from(values).sort();
  const out = {};
  for (const p of PERCENTILES) out[`p${p}`] = percentile(sorted, p);
  out.max = sorted.length ? sorted[sorted.length - 1] : null;
  return out;
}

/**
 * Requests per second: successful samples over the measured window's length in ms. Failed samples are
 * counted apart (errors), not as throughput; ramp-up, warm-up and drain are outside the window.
 */
export function throughput(successes, windowMs) {
  if (!successes || !(windowMs > 0)) return 0;
  return successes / (windowMs / 1000);
}

export function median(values) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

/** median/min/max of per-repeat values, the shape summary.json uses for throughput. */
export function spread(values) {
  if (!values.length) return { median: null, min: null, max: null };
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}
