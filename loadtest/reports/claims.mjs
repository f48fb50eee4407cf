// The seed write-ups' claims (loadtest/reports/seed-claims.json) set beside one run's figures. A claim is only
// evaluated on stacks this run measured; anything missing is said, never guessed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLAIMS_FILE = fileURLToPath(new URL('./seed-claims.json', import.meta.url));

// Within this much of 1.0 a ratio says neither stack was faster.
const TIE = 0.05;

export function loadClaims(file = CLAIMS_FILE) {
  return JSON.parse(readFileSync(file, 'utf8')).claims;
}

const valueAt = (row, path) => path.split('.').reduce((v, key) => (v == null ? v : v[key]), row);

/**
 * The row a claim reads for a stack: of that workload's rows matching the claim's `where` (step fields, e.g.
 * one chat room), the one with the most users, nearest the seed's setting. Failed rows count as missing.
 */
function rowFor(rows, { workload, where = {} }, stack) {
  const matches = (r) => Object.entries(where).every(([k, v]) => r.step?.[k] === v);
  const candidates = rows.filter((r) => r.workload === workload && r.stack === stack && !r.failed && matches(r));
  const users = (r) => r.step?.users ?? (r.step?.rooms ?? 0) * (r.step?.usersPerRoom ?? 0);
  return candidates.sort((a, b) => users(b) - users(a))[0] ?? null;
}

// The step's own fields; its note is prose for the report's heading.
function setting(row) {
  return Object.entries(row?.step ?? {}).filter(([k]) => k !== 'note').map(([k, v]) => `${k} ${v}`).join(', ');
}

const boundBy = (row) => row.bottleneck?.bound;
const generatorBound = (row) => boundBy(row) === 'generator';
const databaseBound = (row) => boundBy(row) === 'database';
// What each booking cost MariaDB (reports/database-share.mjs), as "more is better": bookings per MariaDB CPU-second.
const perDatabaseCpuSecond = (row) => (row.database?.perBooking?.cpuMicros > 0 ? 1e6 / row.database.perBooking.cpuMicros : null);

/**
 * A generator-bound row's throughput is the generator's, a database-bound row's what MariaDB allowed: a lower bound of
 * the server's. A ratio of two rows bound alike is never read as a ranking: generator-bound ones are compared by
 * requests per server CPU-second, database-bound ones by bookings per MariaDB CPU-second (which stack asks less of the
 * database decides the order once the database has a machine of its own). One bound row against a server's own figure
 * decides the direction only where the bound cannot change it (the bound row ahead).
 */
function ratioClaim(claim, rows) {
  const [a, b] = claim.stacks.map((stack) => rowFor(rows, claim, stack));
  const missing = claim.stacks.filter((_, i) => ![a, b][i]);
  if (missing.length) return { verdict: 'not measured', detail: `no ${claim.workload} result for ${missing.join(', ')}` };
  const bound = [a, b].filter((r) => generatorBound(r) || databaseBound(r));
  const throughputMetric = claim.metric.startsWith('throughput');
  const alike = throughputMetric && bound.length === 2 && boundBy(a) === boundBy(b) ? boundBy(a) : null;
  const metric = alike === 'generator' ? 'perCpuSecond' : claim.metric;
  const valueOf = (row) => (alike === 'database' ? perDatabaseCpuSecond(row) : valueAt(row, metric));
  const ratio = valueOf(a) / valueOf(b);
  if (!Number.isFinite(ratio)) {
    return { verdict: 'not measured', detail: `no ${alike === 'database' ? "MariaDB CPU per booking" : metric} in the rows` };
  }
  let verdict = Math.abs(ratio - 1) <= TIE ? 'tie' : ratio > 1 ? 'same direction' : 'reversed';
  const undecided = throughputMetric && bound.length && !alike && !(bound.includes(a) ? ratio > 1 + TIE : ratio < 1 - TIE);
  if (undecided || (throughputMetric && bound.length === 2 && !alike)) verdict = `undecided (${bound.map(boundBy).join('- and ')}-bound)`;
  const shown = (row) => (alike === 'database' ? `${Math.round(row.database.perBooking.cpuMicros)} MariaDB CPU-µs per booking`
    : format(metric, valueAt(row, metric)));
  const per = alike === 'generator' ? ' per server CPU-second' : alike === 'database' ? ' per MariaDB CPU-second' : '';
  let detail = `${claim.stacks[0]} ${ratio.toFixed(2)}× ${claim.stacks[1]}${per} (${shown(a)} against ${shown(b)}; ${setting(a)})`;
  if (claim.alsoReport === 'errors') detail += `; errors ${claim.stacks[0]} ${a.errors}, ${claim.stacks[1]} ${b.errors}`;
  for (const kind of ['generator', 'database']) {
    const names = bound.filter((r) => boundBy(r) === kind).map((r) => r.stack);
    if (names.length) detail += `; ${kind}-bound: ${names.join(', ')}`;
  }
  return { verdict, ratio, detail };
}

function orderClaim(claim, rows) {
  const present = claim.stacks.map((stack) => ({ stack, row: rowFor(rows, claim, stack) }))
    .filter((p) => p.row && Number.isFinite(valueAt(p.row, claim.metric)));
  const missing = claim.stacks.filter((s) => !present.some((p) => p.stack === s));
  if (present.length < 2) return { verdict: 'not measured', detail: `fewer than two of ${claim.stacks.join(', ')} measured` };
  const sign = claim.sort === 'descending' ? -1 : 1;
  const measuredOrder = [...present].sort((x, y) => sign * (valueAt(x.row, claim.metric) - valueAt(y.row, claim.metric)));
  const same = measuredOrder.every((p, i) => p.stack === present[i].stack);
  const shown = measuredOrder.map((p) => `${p.stack} ${format(claim.metric, valueAt(p.row, claim.metric))}${relayShare(claim, p.row)}`);
  let detail = `${claim.sort === 'descending' ? 'most' : 'least'} first: ${shown.join(' · ')}`;
  if (missing.length) detail += ` (not measured: ${missing.join(', ')})`;
  if (measuredOrder.some((p) => relayShare(claim, p.row))) detail += '; × relay: the p99 over the chat relay\'s (the chat ceiling) in the same repeat';
  return { verdict: same ? 'same order' : 'different order', order: measuredOrder.map((p) => p.stack), detail };
}

// A chat latency beside the chat ceiling's: how far above what the relay does on the same CPUs and schedule.
function relayShare(claim, row) {
  const p99 = row.relay?.p99?.median;
  return claim.workload === 'chat' && claim.metric.startsWith('latencyMs') && p99 != null ? ` (p99 ${p99.toFixed(1)}× relay)` : '';
}

function format(metric, value) {
  if (metric === 'peakRssBytes') return `${Math.round(value / 2 ** 20)} MiB`;
  if (metric.startsWith('cpuPercent')) return `${Math.round(value)}%`;
  if (metric.startsWith('latencyMs')) return `${value >= 10 ? Math.round(value) : Number(value.toPrecision(2))} ms`;
  return String(Math.round(value));
}

/** Each claim with this run's verdict ('same direction' | 'reversed' | 'tie' | 'same order' | …) and detail. */
export function evaluateClaims(claims, rows) {
  return claims.map((claim) => ({ claim, ...(claim.kind === 'order' ? orderClaim(claim, rows) : ratioClaim(claim, rows)) }));
}
