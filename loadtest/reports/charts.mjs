// The report's charts: Vega-Lite specifications rendered to SVG in this process (no browser, no network).
// Each chart carries its own light background and a dark one under prefers-color-scheme, so it reads in
// either kind of viewer. Every stack keeps one colour across all charts.
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { PERCENTILES } from './stats.mjs';
import { rankRows } from './bottleneck.mjs';

const MIB = 2 ** 20;
const PERCENTILE_KEYS = [...PERCENTILES.map((p) => `p${p}`), 'max'];

const THEME = `<style>
svg.marks > rect:first-of-type { fill: #ffffff; }
@media (prefers-color-scheme: dark) {
  svg.marks > rect:first-of-type { fill: #0d1117; }
  text { fill: #e6edf3; }
  .role-axis-grid line { stroke: #30363d; }
  .role-axis-domain line, .role-axis-tick line { stroke: #8b949e; }
  path.background[stroke] { stroke: #30363d; }
}
</style>`;

const WORKLOAD_ORDER = ['hello', 'static', 'echo', 'bookings', 'chat'];

/** Rows with figures to draw: failed runs are left out (the tables say why). */
function measured(rows) {
  return rows.filter((r) => !r.failed && (r.throughput?.median > 0 || r.latencyMs?.p50 > 0));
}

/** Panels in the report's order: by workload, then by label (sweep steps and chat scenarios in numeric order). */
function panels(rows) {
  const rank = (r) => (WORKLOAD_ORDER.includes(r.workload) ? WORKLOAD_ORDER.indexOf(r.workload) : WORKLOAD_ORDER.length);
  const sorted = [...rows].sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label, 'en', { numeric: true }));
  return { field: 'label', type: 'nominal', title: null, sort: [...new Set(sorted.map((r) => r.label))] };
}

function colours(rows) {
  const stacks = [...new Set(rows.map((r) => r.stack))].sort();
  return { domain: stacks, scheme: 'tableau10' };
}


const BOUND_NOTE = { generator: ' (generator-bound)', database: ' (database-bound)', none: ' (nothing saturated)' };

// Throughput bars (whiskers: the 95 % interval over the repeats, min–max where there is none) and, beside each,
// the server's CPU: a bar at the server's own share of its CPUs, so a short throughput bar next to a short CPU
// bar reads as "not the server's limit".
// One panel per workload (a vconcat: a facet of hconcats does not lay its axes out).
function throughputSpec(rows) {
  const http = measured(rows).filter((r) => r.throughput?.median > 0 && r.workload !== 'chat');
  // The report's order: generator-bound bars last, by requests per server CPU-second, whatever their length.
  const order = new Map();
  for (const label of new Set(http.map((r) => r.label))) {
    const { ranked, bound } = rankRows(http.filter((r) => r.label === label));
    [...ranked, ...bound].forEach((r, i) => order.set(r, i));
  }
  const values = http.map((r) => ({ order: order.get(r),
    label: r.label, stack: `${r.stack}${BOUND_NOTE[r.bottleneck?.bound] ?? ''}`, colour: r.stack,
    median: r.throughput.median, min: r.intervals?.throughput?.low ?? r.throughput.min,
    max: r.intervals?.throughput?.high ?? r.throughput.max,
    cpu: r.bottleneck?.serverPercent ?? null }));
  const y = { field: 'stack', type: 'nominal', sort: { field: 'order', op: 'min', order: 'ascending' }, title: null, axis: { labelLimit: 280 } };
  const colour = { field: 'colour', type: 'nominal', scale: colours(rows), legend: null };
  const panel = (label) => ({
    title: { text: label, anchor: 'start', fontSize: 12 },
    transform: [{ filter: { field: 'label', equal: label } }],
    hconcat: [
      { width: 330, layer: [
        { mark: 'bar', encoding: { y, x: { field: 'median', type: 'quantitative', title: 'req/s' }, color: colour } },
        { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: {
          y, x: { field: 'min', type: 'quantitative', title: 'req/s' }, x2: { field: 'max' }, color: { value: '#888' } } },
      ] },
      { width: 110, mark: { type: 'bar', opacity: 0.6 }, encoding: {
        y: { ...y, axis: null },
        x: { field: 'cpu', type: 'quantitative', title: 'server CPU %', scale: { domain: [0, 100] }, axis: { tickCount: 2 } },
        color: colour } },
    ],
  });
  return {
    title: rows.some((r) => r.intervals?.throughput?.low != null)
      ? 'Throughput (req/s, median of repeats; whiskers: 95 % interval) and the server\'s CPU (% of its CPUs)'
      : 'Throughput (req/s, median of repeats; whiskers: min–max) and the server\'s CPU (% of its CPUs)',
    data: { values },
    vconcat: panels(http).sort.map(panel),
  };
}

const LATENCY_PERCENTILES = ['p50', 'p99', 'p99.9'];

// Open-loop latency against the offered rate: one line per stack, one column per percentile, one row per
// workload, log scale: where each stack's knee is.
function latencyRateSpec(rows, summary) {
  const values = (summary?.latency ?? []).filter((l) => !l.failed).flatMap((l) => LATENCY_PERCENTILES
    .filter((p) => l.latencyMs?.[p] > 0)
    .map((p) => ({ workload: l.workload, stack: l.stack, rate: l.rate, percentile: p, ms: l.latencyMs[p] })));
  const order = WORKLOAD_ORDER.filter((w) => values.some((v) => v.workload === w));
  return {
    title: 'Open-loop latency (ms, log) against the offered rate (req/s): p50, p99, p99.9',
    data: { values },
    facet: {
      row: { field: 'workload', type: 'nominal', sort: order, title: null, header: { labelAngle: 0, labelAlign: 'left' } },
      column: { field: 'percentile', type: 'ordinal', sort: LATENCY_PERCENTILES, title: null },
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
    spec: {
      width: 200, height: 160,
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'rate', type: 'quantitative', title: 'offered req/s (log)', scale: { type: 'log' } },
        y: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: 'ms' },
        color: { field: 'stack', type: 'nominal', scale: colours(rows), title: 'stack' },
      },
    },
  };
}

function latencySpec(rows) {
  const values = measured(rows).flatMap((r) => PERCENTILE_KEYS.filter((k) => r.latencyMs?.[k] > 0)
    .map((k) => ({ label: r.label, stack: r.stack, percentile: k, ms: r.latencyMs[k] })));
  return {
    title: 'Latency percentiles (ms, log scale)',
    data: { values },
    facet: panels(measured(rows)),
    columns: 2,
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 170, height: 200,
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'percentile', type: 'ordinal', sort: PERCENTILE_KEYS, title: null },
        y: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: 'ms' },
        color: { field: 'stack', type: 'nominal', scale: colours(rows), title: 'stack' },
      },
    },
  };
}

function cpuLatencySpec(rows) {
  const values = measured(rows).filter((r) => r.cpuPercent?.mean !== null && r.latencyMs?.p99 > 0)
    .map((r) => ({ label: r.label, stack: r.stack, cpu: r.cpuPercent.mean, p99: r.latencyMs.p99,
      rss: (r.peakRssBytes ?? 0) / MIB }));
  return {
    title: 'CPU against p99 latency; point size: peak RSS (MiB)',
    data: { values },
    facet: panels(measured(rows)),
    columns: 2,
    resolve: { scale: { y: 'independent', x: 'independent' } },
    spec: {
      width: 170, height: 200,
      mark: { type: 'point', filled: true, opacity: 0.85 },
      encoding: {
        x: { field: 'cpu', type: 'quantitative', title: 'server CPU % (100 = one core)', scale: { zero: true } },
        y: { field: 'p99', type: 'quantitative', scale: { type: 'log' }, title: 'p99 ms' },
        size: { field: 'rss', type: 'quantitative', title: 'RSS MiB', scale: { range: [30, 600] } },
        color: { field: 'stack', type: 'nominal', scale: colours(rows), title: 'stack' },
      },
    },
  };
}

function memorySpec(rows) {
  const values = measured(rows).filter((r) => r.peakRssBytes)
    .map((r) => ({ label: r.label, stack: r.stack, rss: r.peakRssBytes / MIB }));
  return {
    title: 'Peak RSS of the server\'s whole process tree (MiB)',
    data: { values },
    facet: panels(measured(rows)),
    columns: 2,
    spec: {
      width: 120, height: 200,
      mark: 'bar',
      encoding: {
        x: { field: 'stack', type: 'nominal', title: null, axis: { labelAngle: -40 } },
        y: { field: 'rss', type: 'quantitative', title: 'MiB' },
        color: { field: 'stack', type: 'nominal', scale: colours(rows), legend: null },
      },
    },
  };
}

export const CHARTS = [
  { file: 'throughput.svg', title: 'Throughput and server CPU', spec: throughputSpec },
  { file: 'latency-rate.svg', title: 'Open-loop latency against offered rate', spec: latencyRateSpec },
  { file: 'latency.svg', title: 'Latency percentiles', spec: latencySpec },
  { file: 'cpu-latency.svg', title: 'CPU against latency, with memory', spec: cpuLatencySpec },
  { file: 'memory.svg', title: 'Peak memory', spec: memorySpec },
];

// Independent scales in a facet make Vega-Lite warn that it unions one field's domains, which is what these
// charts mean; any other warning is printed.
const LOGGER = {
  level() { return this; },
  info() { return this; },
  debug() { return this; },
  warn(...args) {
    if (!/faceted independent scales/.test(String(args[0]))) console.warn('chart:', ...args);
    return this;
  },
  error(...args) { throw new Error(args.join(' ')); },
};

/** One chart's SVG text, or null when the rows give it nothing to draw. */
export async function renderChart(chart, rows, summary = {}) {
  const spec = chart.spec(rows, summary);
  if (!spec.data.values.length) return null;
  const full = { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', ...spec,
    config: { background: '#ffffff', font: 'sans-serif', title: { anchor: 'start', fontSize: 13 } } };
  const view = new vega.View(vega.parse(compile(full, { logger: LOGGER }).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg.replace(/^(<svg[^>]*>)/, `$1${THEME}`);
}
