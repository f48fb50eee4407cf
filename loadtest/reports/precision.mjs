// What buys precision: from runs of several repeats, the width of the ratio intervals (each stack ÷ the best, and
// ÷ the nginx ceiling of the same repeat) had the run stopped after its first n repeats, per window length and
// workload. The profile of docs/results.md (run/profiles.mjs `ranked`) is chosen from this table.
import { MIN_REPEATS } from './intervals.mjs';
import { rankRun } from './ranks.mjs';
import { repeatIntervals } from './summary.mjs';
import { median } from './stats.mjs';

const firstRepeats = (row, n) => {
  const repeats = row.repeats.filter((r) => r.repeat <= n);
  return { ...row, repeats, intervals: repeatIntervals(repeats, { throughput: (r) => r.throughput }) };
};

/** A run's rows and ceiling rows as if it had stopped after n repeats, ranked again. */
export function truncateRun(summary, n) {
  const rows = summary.results.filter((r) => r.workload !== 'chat').map((r) => firstRepeats(r, n));
  const ceiling = (summary.ceiling?.rows ?? []).map((r) => firstRepeats(r, n));
  rankRun(rows, ceiling);
  return rows;
}

const widths = (rows, ratio) => rows.map((r) => r.ratios?.[ratio]?.relativeHalfWidth).filter((w) => w != null);

/**
 * [{ window, repeats, workload, ofBest: { median, max, rows }, ofCeiling: { … } }] for every run, every n from
 * MIN_REPEATS to its repeats, every HTTP workload: the median and the largest relative half-width over the stacks
 * (a row against itself, the best stack's ÷ best, is left out: it is 1 by construction).
 */
export function precisionTable(summaries) {
  return summaries.flatMap((summary) => {
    const repeats = summary.profileSettings?.repeat ?? 1;
    // A label's own repeats (a profile may give some workloads fewer): no row claims more repeats than it had.
    const most = (label) => Math.max(0, ...summary.results.filter((r) => r.label === label).flatMap((r) => r.repeats.map((x) => x.repeat)));
    return Array.from({ length: Math.max(0, repeats - MIN_REPEATS + 1) }, (_, i) => MIN_REPEATS + i).flatMap((n) => {
      const rows = truncateRun(summary, n);
      return [...new Set(rows.map((r) => r.label))].filter((label) => most(label) >= n).map((label) => {
        const group = rows.filter((r) => r.label === label);
        const figure = (list) => ({ median: list.length ? median(list) : null,
          max: list.length ? Math.max(...list) : null, rows: list.length });
        const others = group.filter((r) => r.ratios?.ofBest?.reference !== r.stack);
        const basis = (ratio) => group.find((r) => r.ratios?.[ratio])?.ratios[ratio].basis ?? null;
        return { run: summary.run, window: group[0].step?.durationSeconds ?? null, repeats: n, workload: label,
          ofBest: { ...figure(widths(others, 'ofBest')), basis: basis('ofBest') },
          ofCeiling: { ...figure(widths(group, 'ofCeiling')), basis: basis('ofCeiling') } };
      });
    });
  });
}

const pct = (v) => (v == null ? '–' : `±${(v * 100).toFixed(1)} %`);

/** The table as Markdown: window × repeats per workload, median (largest) half-width of each ratio. */
export function formatPrecision(table) {
  const lines = ['| window | repeats | workload | × best: median half-width (largest) | × nginx: median (largest) |',
    '| ---: | ---: | --- | ---: | ---: |'];
  // "bracketed": the ratio was taken to the nginx windows around each of the stack's (reports/ranks.mjs).
  const tag = (f) => (f.basis === 'bracket' ? ', bracketed' : '');
  for (const t of table) {
    lines.push(`| ${t.window ?? '?'} s | ${t.repeats} | ${t.workload} | ${pct(t.ofBest.median)} (${pct(t.ofBest.max)}${tag(t.ofBest)}) | ` +
      `${t.ofCeiling.rows ? `${pct(t.ofCeiling.median)} (${pct(t.ofCeiling.max)}${tag(t.ofCeiling)})` : '–'} |`);
  }
  return lines.join('\n');
}
