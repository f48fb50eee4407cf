// Whether a second run confirms the first: per stack × workload, do the two runs' 95 % intervals overlap (req/s,
// × best and × nginx; a chat scenario's p99), and how far did each ratio's median move. Absolute req/s move with the
// host; the ratios, taken inside each repeat, should not, and they are what docs/results.md ranks by.
const key = (row) => `${row.stack}|${row.label}`;
const overlaps = (x, y) => (x?.low != null && y?.low != null ? x.low <= y.high && y.low <= x.high : null);
const RATIOS = { '× best': (r) => r.ratios?.ofBest, '× nginx': (r) => r.ratios?.ofCeiling };
const FIGURES = { 'req/s': (r) => r.intervals?.throughput, ...RATIOS };
const CHAT_FIGURES = { p99: (r) => r.intervals?.p99 };

/**
 * { rows: [{ stack, label, checks: { figure: overlap }, agree, moves: [{ ratio, from, to, move }] }], judged, agreeing,
 * share, largestMove }: rows with no interval on either side are left out of the share.
 */
export function agreement(a, b) {
  const rowsB = new Map(b.results.map((r) => [key(r), r]));
  const rows = a.results.filter((r) => rowsB.has(key(r))).map((ra) => {
    const rb = rowsB.get(key(ra));
    // × best is only comparable against the same best stack, and a ratio only with one taken the same way (to the
    // bracket around each window, or to the repeat's ceiling: reports/ranks.mjs).
    const sameBasis = (get) => (get(ra)?.basis ?? 'repeat') === (get(rb)?.basis ?? 'repeat');
    const sameBest = ra.ratios?.ofBest?.reference === rb.ratios?.ofBest?.reference && sameBasis(RATIOS['× best']);
    const comparable = (name) => (name === '× best' ? sameBest : name !== '× nginx' || sameBasis(RATIOS['× nginx']));
    const figures = Object.fromEntries(Object.entries(ra.workload === 'chat' ? CHAT_FIGURES : FIGURES)
      .filter(([name]) => comparable(name)));
    const checks = Object.fromEntries(Object.entries(figures).map(([name, get]) => [name, overlaps(get(ra), get(rb))])
      .filter(([, overlap]) => overlap !== null));
    const moves = Object.entries(RATIOS).filter(([name]) => comparable(name)).map(([ratio, get]) => ({ ratio, from: get(ra)?.median, to: get(rb)?.median }))
      .filter((m) => m.from > 0 && m.to > 0).map((m) => ({ ...m, move: m.to / m.from - 1 }));
    return { stack: ra.stack, label: ra.label, checks, agree: Object.values(checks).every(Boolean), moves };
  });
  const judged = rows.filter((r) => Object.keys(r.checks).length);
  const agreeing = judged.filter((r) => r.agree).length;
  const largestMove = rows.flatMap((r) => r.moves.map((m) => ({ stack: r.stack, label: r.label, ...m })))
    .sort((x, y) => Math.abs(y.move) - Math.abs(x.move))[0] ?? null;
  return { rows, judged: judged.length, agreeing, share: judged.length ? agreeing / judged.length : null, largestMove };
}

const pct = (x) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x * 100).toFixed(1)} %`;

/** The agreement as lines of text: the share, the rows that disagree and on what, the largest ratio move. */
export function formatAgreement(result) {
  if (!result.judged) return 'Agreement: no row has intervals in both runs (3 good repeats each are needed).';
  const lines = [`Agreement: the 95 % intervals of both runs overlap on ${result.agreeing} of ${result.judged} rows ` +
    `(${(result.share * 100).toFixed(0)} %; a row agrees when every figure with an interval on both sides overlaps).`];
  for (const r of result.rows.filter((x) => Object.keys(x.checks).length && !x.agree)) {
    lines.push(`  disagree: ${r.stack} ${r.label}: ${Object.entries(r.checks).filter(([, o]) => !o).map(([f]) => f).join(', ')}`);
  }
  const m = result.largestMove;
  if (m) lines.push(`Largest move of a ratio: ${m.stack} ${m.label} ${m.ratio} ${m.from.toFixed(3)} → ${m.to.toFixed(3)} (${pct(m.move)}).`);
  return lines.join('\n');
}
