// `make compare A=<run> B=<run>`: stack × workload deltas between two runs, called a change only when it is
// larger than the runs' own noise. With ≥ 2 repeats on both sides, a change means the two min–max ranges of
// throughput do not overlap; with a single repeat there is no spread to judge by, so only a difference
// beyond NOISE_FLOOR is flagged, and flagged as unconfirmed.
export const NOISE_FLOOR = 0.10;

const key = (row) => `${row.stack}|${row.label}`;

function verdict(a, b) {
  if (a.failed || b.failed) return 'failed run';
  const ta = a.throughput;
  const tb = b.throughput;
  if (!ta?.median || !tb?.median) return 'no throughput';
  const delta = tb.median / ta.median - 1;
  const direction = delta > 0 ? 'faster' : 'slower';
  if (a.repeats.length >= 2 && b.repeats.length >= 2) {
    return tb.min > ta.max || tb.max < ta.min ? direction : 'within noise';
  }
  return Math.abs(delta) > NOISE_FLOOR ? `${direction}? (1 repeat)` : 'within noise? (1 repeat)';
}

const range = (row) => (row.repeats.length > 1 ? ` [${Math.round(row.throughput.min)}–${Math.round(row.throughput.max)}]` : '');
const cell = (row) => (row?.throughput?.median ? `${Math.round(row.throughput.median)}${range(row)} ×${row.repeats.length}` : '–');
const pct = (x) => `${x > 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

/** The comparison rows: every stack × label of either run, B against A. */
export function compareRuns(a, b) {
  const rowsA = new Map(a.results.map((r) => [key(r), r]));
  const rowsB = new Map(b.results.map((r) => [key(r), r]));
  const keys = [...new Set([...rowsA.keys(), ...rowsB.keys()])].sort();
  return keys.map((k) => {
    const [stack, label] = k.split('|');
    const ra = rowsA.get(k);
    const rb = rowsB.get(k);
    if (!ra || !rb) return { stack, label, a: ra, b: rb, delta: null, verdict: ra ? 'only in A' : 'only in B' };
    const delta = ra.throughput?.median && rb.throughput?.median ? rb.throughput.median / ra.throughput.median - 1 : null;
    return { stack, label, a: ra, b: rb, delta, verdict: verdict(ra, rb) };
  });
}

const ONE_MACHINE = { server: '127.0.0.1', db: '127.0.0.1:3307', loadgen: 'this machine' };

/** What differs between the runs besides the code: a change there explains a delta as well as the code would. */
export function settingDifferences(a, b) {
  // Runtime and topology first: a change there moves every figure (and compose reports container memory where
  // the native runtime reports Pss). A run from before they were recorded ran natively on one machine.
  const facts = (s) => ({ runtime: s.runtime ?? 'native', topology: JSON.stringify(s.topology ?? ONE_MACHINE),
    profile: s.profile, repeat: s.profileSettings?.repeat, machine: s.environment?.cpuModel,
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

export function formatComparison(a, b) {
  const lines = [`A ${a.run} (git ${a.environment?.git?.sha?.slice(0, 12) ?? '?'}) → B ${b.run} (git ${b.environment?.git?.sha?.slice(0, 12) ?? '?'})`];
  for (const d of settingDifferences(a, b)) lines.push(`settings differ, ${d}`);
  lines.push('', '| stack | workload | A req/s [min–max] ×repeats | B req/s | Δ throughput | p99 ms A → B | verdict |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |');
  for (const r of compareRuns(a, b)) {
    const p99 = r.a && r.b ? `${r.a.latencyMs?.p99 ?? '–'} → ${r.b.latencyMs?.p99 ?? '–'}` : '–';
    lines.push(`| ${r.stack} | ${r.label} | ${cell(r.a)} | ${cell(r.b)} | ${r.delta === null ? '–' : pct(r.delta)} | ${p99} | ${r.verdict} |`);
  }
  return lines.join('\n');
}
