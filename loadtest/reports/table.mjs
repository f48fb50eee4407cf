// The plain-text table printed at the end of a bench: one line per stack × workload, then the ceiling. Every
// row says which part limited it (measured CPU, reports/bottleneck.mjs) and its requests per server CPU-second.
import { BOUND_TAG } from './bottleneck.mjs';
import { rankText } from './ranks.mjs';

const fixed = (v, digits = 0) => (v === null || v === undefined ? '-' : Number(v).toFixed(digits));
const ms = (v) => (v === null || v === undefined ? '-' : v >= 100 ? v.toFixed(0) : String(v));

const COLUMNS = [
  ['stack', (r) => r.stack],
  ['workload', (r) => r.label],
  ['gen', (r) => r.generator ?? '-'],
  ['req/s', (r) => fixed(r.throughput.median)],
  ['req/cpu-s', (r) => fixed(r.perCpuSecond)],
  // The 95 % interval of req/s over the good repeats (reports/intervals.mjs), or how many there were when too few.
  ['95% interval', (r) => (r.intervals?.throughput?.low != null ? `${fixed(r.intervals.throughput.low)}-${fixed(r.intervals.throughput.high)}`
    : `${r.intervals?.n ?? r.repeats.length} run${(r.intervals?.n ?? r.repeats.length) === 1 ? '' : 's'}`)],
  ['rank', (r) => rankText(r)],
  ['p50', (r) => ms(r.latencyMs.p50)],
  ['p90', (r) => ms(r.latencyMs.p90)],
  ['p99', (r) => ms(r.latencyMs.p99)],
  ['p99.9', (r) => ms(r.latencyMs['p99.9'])],
  ['max', (r) => ms(r.latencyMs.max)],
  ['errors', (r) => (r.samples ? `${r.errors} (${fixed(r.errorRate * 100, 2)}%)` : '-')],
  ['cpu% avg/peak', (r) => `${fixed(r.cpuPercent.mean)}/${fixed(r.cpuPercent.peak)}`],
  ['gen cpu%', (r) => fixed(r.generatorCpuPercent)],
  ['db cpu%', (r) => fixed(r.databaseCpuPercent)],
  ['RSS MiB', (r) => fixed(r.peakRssBytes === null ? null : r.peakRssBytes / 2 ** 20)],
  ['thr', (r) => fixed(r.threads)],
  ['proc', (r) => fixed(r.processes)],
  ['invariant', (r) => r.invariant],
  ['of ceiling', (r) => (r.headroom ? `${fixed(r.headroom.ratio * 100)}%` : '')],
  ['bound', (r) => BOUND_TAG[r.bottleneck?.bound] ?? '-'],
  ['status', (r) => (r.failed ? 'FAILED' : r.steady === false ? 'NOT STEADY' : 'ok')],
];

const NUMERIC = new Set(['req/s', 'req/cpu-s', 'p50', 'p90', 'p99', 'p99.9', 'max', 'gen cpu%', 'db cpu%', 'RSS MiB', 'thr', 'proc']);

/** Aligned columns, numbers to the right, a dashed rule under the titles. */
function layout(columns, numeric, rows) {
  const cells = rows.map((r) => columns.map(([, get]) => String(get(r))));
  const widths = columns.map(([title], i) => Math.max(title.length, ...cells.map((c) => c[i].length)));
  const line = (values) => values
    .map((v, i) => (numeric.has(columns[i][0]) ? v.padStart(widths[i]) : v.padEnd(widths[i])))
    .join('  ').trimEnd();
  return [line(columns.map(([title]) => title)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** rows: summary rows (stacks first, ceiling rows after); returns the table as one string. */
export function formatTable(rows) {
  return layout(COLUMNS, NUMERIC, rows);
}

// The chat table: deliveries, not requests. Latency is from each message's scheduled send time to its
// delivery (HdrHistogram, 3 significant digits); "violations" = lost + duplicated + reordered + misrouted.
const msFine = (v) => (v === null || v === undefined ? '-' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const CHAT_COLUMNS = [
  ['stack', (r) => r.stack],
  ['scenario', (r) => `${r.label} (${r.step.rooms} room${r.step.rooms > 1 ? 's' : ''} x ${r.step.usersPerRoom})`],
  ['deliv/s', (r) => fixed(r.throughput.median)],
  ['p50', (r) => msFine(r.latencyMs.p50)],
  ['p90', (r) => msFine(r.latencyMs.p90)],
  ['p99', (r) => msFine(r.latencyMs.p99)],
  ['p99.9', (r) => msFine(r.latencyMs['p99.9'])],
  ['max', (r) => msFine(r.latencyMs.max)],
  ['delivered/expected', (r) => `${r.delivered}/${r.expected}`],
  ['violations', (r) => String(r.violations.total)],
  ['errors', (r) => String(r.errors)],
  ['cpu% avg/peak', (r) => `${fixed(r.cpuPercent.mean)}/${fixed(r.cpuPercent.peak)}`],
  ['RSS MiB', (r) => fixed(r.peakRssBytes === null ? null : r.peakRssBytes / 2 ** 20)],
  ['send lag p99', (r) => msFine(r.sendLagMs?.p99)],
  ['client cpu%/wait%', (r) => `${fixed(r.client.cpuPercent)}/${fixed(r.client.runQueueWaitPercent)}` +
    `${r.client.bound ? ' CLIENT-BOUND' : ''}${r.client.starved ? ' CLIENT-STARVED' : ''}`],
  // Kept up: every message delivered exactly once and no member cut (a 1013 is an error, so a failure).
  ['status', (r) => (r.failed ? 'FAILED' : 'kept up')],
];
const CHAT_NUMERIC = new Set(['deliv/s', 'p50', 'p90', 'p99', 'p99.9', 'max', 'delivered/expected', 'violations', 'errors', 'RSS MiB', 'send lag p99']);

/** rows: chat summary rows; returns the table as one string. */
export function formatChatTable(rows) {
  return layout(CHAT_COLUMNS, CHAT_NUMERIC, rows);
}

// The open-loop latency steps: per stack and workload, each offered rate, what was completed, and the latency
// from each request's scheduled time.
const LATENCY_COLUMNS = [
  ['stack', (r) => r.stack],
  ['workload', (r) => r.workload],
  ['offered/s', (r) => fixed(r.rate)],
  ['achieved/s', (r) => fixed(r.achieved)],
  ['p50', (r) => msFine(r.latencyMs?.p50)],
  ['p90', (r) => msFine(r.latencyMs?.p90)],
  ['p99', (r) => msFine(r.latencyMs?.p99)],
  ['p99.9', (r) => msFine(r.latencyMs?.['p99.9'])],
  ['max', (r) => msFine(r.latencyMs?.max)],
  ['errors', (r) => String(r.errors ?? '-')],
  ['cpu%', (r) => fixed(r.serverCpuPercent)],
  ['gen cpu%', (r) => fixed(r.generatorCpuPercent)],
  ['rate', (r) => `${(r.bases ?? []).join(' = ')}${r.capped ? ` (capped from ${fixed(r.wanted)}: generator)` : ''}`],
  ['status', (r) => (r.failed ? `FAILED: ${r.reason}` : r.keptUp ? 'ok' : 'FELL BEHIND')],
];
const LATENCY_NUMERIC = new Set(['offered/s', 'achieved/s', 'p50', 'p90', 'p99', 'p99.9', 'max', 'errors', 'cpu%', 'gen cpu%']);

/** rows: summary.latency records; returns the table as one string. */
export function formatLatencyTable(rows) {
  return layout(LATENCY_COLUMNS, LATENCY_NUMERIC, rows.filter((r) => r.rate || r.failed).map((r) => ({ ...r, rate: r.rate ?? null })));
}
