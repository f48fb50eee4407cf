// `make compare A=<run> B=<run>`: stack × workload deltas between two runs, called a change only when the
// repeats say so. Per row, the good repeats' req/s of A and of B go through a two-sided Mann–Whitney U test
// (reports/intervals.mjs): a change at p < ALPHA, `~` otherwise. With too few repeats the test could never reach
// ALPHA (3 against 3 gives p ≥ 0.1 whatever the figures, a single run p = 1), so those rows say they cannot
// decide instead of guessing from a difference between two single figures.
import { changeInterval, mannWhitney, minimumP } from './intervals.mjs';
import { goodRepeat } from './summary.mjs';
import { ceilingRatios } from './ranks.mjs';
import { median } from './stats.mjs';

export const ALPHA = 0.05;

const key = (row) => `${row.stack}|${row.label}`;

/** A side's good repeats' req/s, and how many of its repeats were left out. */
function side(row) {
  const repeats = row.repeats ?? [];
  const good = repeats.filter(goodRepeat).map((r) => r.throughput);
  return { values: good, n: good.length, excluded: repeats.length - good.length, median: median(good) };
}

/** Mann–Whitney on two sides' values: { p, outcome, verdict }, `cannot decide` when the sizes could never reach ALPHA. */
function judge(a, b) {
  const test = mannWhitney(b, a);
  if (minimumP(a.length, b.length) >= ALPHA) {
    return { p: test.p, outcome: 'cannot decide', verdict: `cannot decide (${a.length} A / ${b.length} B repeats)` };
  }
  if (test.p >= ALPHA) return { p: test.p, outcome: '~', verdict: '~' };
  // B's U above half the pairs: B's repeats mostly beat A's.
  return { p: test.p, outcome: 'changed', verdict: test.u > (a.length * b.length) / 2 ? 'faster' : 'slower' };
}

// The ratio to the nginx ceiling of the same repeat, on both sides: what should not move when only the host did.
// Each side's to the bracket around its windows where it has one (reports/ranks.mjs ceilingRatios). A ratio to a bracket
// and one to a ceiling minutes away are not the same figure: between them no verdict, only that the method changed.
function ceilingChange(ra, rb, ceilingA, ceilingB) {
  const sa = ceilingRatios(ra, ceilingA);
  const sb = ceilingRatios(rb, ceilingB);
  const [a, b] = [sa.values, sb.values];
  if (a.length && b.length && sa.basis !== sb.basis) {
    return { a: median(a), b: median(b), p: null, outcome: 'cannot decide', verdict: `cannot decide (to the ${sa.basis} → to the ${sb.basis})` };
  }
  return a.length && b.length ? { a: median(a), b: median(b), ...judge(a, b) } : null;
}

function compareRow(ra, rb, ceilingA, ceilingB) {
  const a = side(ra);
  const b = side(rb);
  const row = { a: ra, b: rb, sideA: a, sideB: b, delta: null, change: null, p: null, outcome: null, ofCeiling: null };
  if (!a.n || !b.n) return { ...row, verdict: ra.failed || rb.failed ? 'failed run' : 'no throughput' };
  return { ...row, delta: b.median / a.median - 1, change: changeInterval(a.values, b.values), ...judge(a.values, b.values),
    ofCeiling: ceilingChange(ra, rb, ceilingA, ceilingB) };
}

/** The comparison rows: every stack × label of either run, B against A. */
export function compareRuns(a, b) {
  const rowsA = new Map(a.results.map((r) => [key(r), r]));
  const rowsB = new Map(b.results.map((r) => [key(r), r]));
  const keys = [...new Set([...rowsA.keys(), ...rowsB.keys()])].sort();
  return keys.map((k) => {
    const [stack, label] = k.split('|');
    const ra = rowsA.get(k);
    const rb = rowsB.get(k);
    if (!ra || !rb) {
      return { stack, label, a: ra, b: rb, sideA: ra && side(ra), sideB: rb && side(rb), delta: null, change: null, p: null,
        outcome: null, verdict: ra ? 'only in A' : 'only in B' };
    }
    // nginx's row, or the bookings ceiling's: a chat row's relay has ratios of its own (row.relay), not × nginx.
    const ceiling = (run) => run.ceiling?.rows?.find((c) => c.label === label && c.workload !== 'chat');
    return { stack, label, ...compareRow(ra, rb, ceiling(a), ceiling(b)) };
  });
}

const ONE_MACHINE = { server: '127.0.0.1', db: '127.0.0.1:3307', loadgen: 'this machine' };

/** What differs between the runs besides the code: a change there explains a delta as well as the code would. */
export function settingDifferences(a, b) {
  // Runtime and topology first: a change there moves every figure (and compose reports container memory where
  // the native runtime reports Pss). A run from before they were recorded ran natively on one machine.
  const facts = (s) => ({ runtime: s.runtime ?? 'native', topology: JSON.stringify(s.topology ?? ONE_MACHINE),
    profile: s.profile, repeat: s.profileSettings?.repeat, repeatsOf: JSON.stringify(s.profileSettings?.repeatsOf ?? null),
    bracket: JSON.stringify(s.profileSettings?.bracket ?? null), machine: s.environment?.cpuModel,
    cores: s.environment?.cores, pinning: JSON.stringify(s.environment?.pinning), jdk: s.environment?.jdk?.version,
    node: s.environment?.node, mariadb: s.environment?.mariadb });
  const fa = facts(a);
  const fb = facts(b);
  const settings = Object.keys(fa).filter((k) => fa[k] !== fb[k]).map((k) => `${k}: ${fa[k] ?? '–'} → ${fb[k] ?? '–'}`);
  // A library upgrade of a stack both runs measured (stack.json "libraries", as each build resolved them).
  const la = a.environment?.libraries ?? {};
  const lb = b.environment?.libraries ?? {};
  const libraries = Object.keys(la).filter((stack) => lb[stack]).flatMap((stack) => Object.keys(la[stack])
    .filter((name) => la[stack][name] !== lb[stack][name])
    .map((name) => `${stack} ${name.split(':').pop()}: ${la[stack][name] ?? '–'} → ${lb[stack][name] ?? '–'}`));
  return [...settings, ...libraries];
}

// A signed percentage, with a true minus sign; no sign on what rounds to zero.
function signedPct(x) {
  const digits = Math.abs(x * 100).toFixed(1);
  return `${digits === '0.0' ? '' : x > 0 ? '+' : '−'}${digits}`;
}
const cell = (s) => (s?.n ? `${Math.round(s.median)} ×${s.n}${s.excluded ? ` (${s.excluded} left out)` : ''}` : '–');
const changeText = (r) => (r.delta === null ? '–'
  : `${signedPct(r.delta)} %${r.change ? ` [${signedPct(r.change.low)}, ${signedPct(r.change.high)}]` : ''}`);
const pText = (p) => (p === null ? '–' : p < 0.001 ? '< 0.001' : p.toFixed(3));

export function formatComparison(a, b) {
  const lines = [`A ${a.run} (git ${a.environment?.git?.sha?.slice(0, 12) ?? '?'}) → B ${b.run} (git ${b.environment?.git?.sha?.slice(0, 12) ?? '?'})`];
  for (const d of settingDifferences(a, b)) lines.push(`settings differ, ${d}`);
  lines.push(`Mann–Whitney U on the good repeats' req/s, α = ${ALPHA}; Δ is B's median over A's, [95 %] its bootstrap interval. ` +
    '× nginx: the same test on each repeat\'s ratio to the nginx ceiling (to the bracket around its window where the run ' +
    'measured one, else to the ceiling of that repeat), which a change of the host alone leaves.',
    '', '| stack | workload | A req/s ×good repeats | B req/s ×good repeats | Δ throughput [95 %] | p | verdict | × nginx A → B | × nginx verdict | p99 ms A → B |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: |');
  const rows = compareRuns(a, b);
  // A row's p99: the median of its good repeats' own where it has them, as REPORT.md shows it.
  const p99Of = (row) => row?.intervals?.p99?.median ?? row?.latencyMs?.p99 ?? '–';
  for (const r of rows) {
    const p99 = r.a && r.b ? `${p99Of(r.a)} → ${p99Of(r.b)}` : '–';
    const ratio = r.ofCeiling ? `${r.ofCeiling.a.toFixed(3)} → ${r.ofCeiling.b.toFixed(3)}` : '–';
    lines.push(`| ${r.stack} | ${r.label} | ${cell(r.sideA)} | ${cell(r.sideB)} | ${changeText(r)} | ${pText(r.p)} | ${r.verdict} | ` +
      `${ratio} | ${r.ofCeiling?.verdict ?? '–'} | ${p99} |`);
  }
  const count = (outcome) => rows.filter((r) => r.outcome === outcome).length;
  const others = rows.filter((r) => r.outcome === null).length;
  lines.push('', `${count('changed')} changed, ${count('~')} ~, ${count('cannot decide')} cannot decide` +
    `${others ? `, ${others} not compared (failed, no throughput or in one run only)` : ''}`);
  return lines.join('\n');
}
