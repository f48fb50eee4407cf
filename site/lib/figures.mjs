// The figures beside a workload's code: its tables from one bench run's summary.json (results/latest unless RUN
// names another run), ranked and judged as REPORT.md ranks and judges them, and each stack's line against its
// TechEmpower entry: from the newest `make calibrate` run here that measured it, else the README's last measured table.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT, RUN_DIR } from '../../scripts/lib/stacks.mjs';
import { describeBound, rankRows } from '../../loadtest/lib/bottleneck.mjs';
import { describeStep, ms, num, verdict } from '../../loadtest/lib/report.mjs';
import { COUNTERPARTS, calibrationVerdict, perRound } from '../../loadtest/lib/calibration.mjs';

const MIB = 2 ** 20;

/** The run at `dir` (a results/<run> directory or the latest link): { name, dir, summary }, or null when there is none. */
export function readRun(dir) {
  if (!existsSync(join(dir, 'summary.json'))) return null;
  const real = realpathSync(dir);
  return { name: basename(real), dir: real, summary: JSON.parse(readFileSync(join(real, 'summary.json'), 'utf8')) };
}

// A cell: its text, and the number it shows (data-value) where it is one, for a reader's tools and the site's test.
const cell = (text, value, field) => ({ text, value, field });

function httpTable(rows, pinning) {
  const { ranked, bound } = rankRows(rows);
  const best = ranked[0]?.throughput?.median;
  const header = ['stack', 'req/s', '× best', 'req per server CPU-s', 'server CPU %', 'generator CPU %', 'p50 ms', 'p90', 'p99',
    'p99.9', 'errors', 'peak RSS MiB', 'bottleneck', 'verdict'];
  const body = [...ranked, ...bound].map((r) => [
    cell(r.stack, null, 'stack'),
    cell(num(r.throughput?.median), r.throughput?.median, 'throughput'),
    cell(r.bottleneck?.bound !== 'generator' && best && r.throughput?.median ? (r.throughput.median / best).toFixed(2) : '–'),
    cell(num(r.perCpuSecond), r.perCpuSecond, 'perCpuSecond'),
    cell(num(r.cpuPercent?.mean), r.cpuPercent?.mean, 'serverCpu'),
    cell(num(r.generatorCpuPercent), r.generatorCpuPercent, 'generatorCpu'),
    ...['p50', 'p90', 'p99', 'p99.9'].map((p) => cell(ms(r.latencyMs?.[p]), r.latencyMs?.[p], p)),
    cell(r.samples ? num(r.errors) : '–', r.errors, 'errors'),
    cell(r.peakRssBytes ? num(r.peakRssBytes / MIB) : '–', r.peakRssBytes, 'peakRss'),
    cell(describeBound(r.bottleneck, pinning), null, 'bottleneck'),
    cell(verdict(r), null, 'verdict'),
  ]);
  const note = bound.length ? `${bound.map((r) => r.stack).join(', ')}: generator-bound, so its req/s is what the generator ` +
    'could drive, not ranked against the rows above (in order of req per server CPU-second).' : '';
  return { header, body, note };
}

function chatTable(rows) {
  const sorted = [...rows].sort((a, b) => (a.latencyMs?.p50 ?? Infinity) - (b.latencyMs?.p50 ?? Infinity));
  const header = ['stack', 'deliveries/s', 'delivered / expected', 'violations', 'p50 ms', 'p90', 'p99', 'p99.9', 'errors',
    'server CPU %', 'client CPU %', 'peak RSS MiB', 'verdict'];
  const body = sorted.map((r) => [
    cell(r.stack, null, 'stack'),
    cell(num(r.throughput?.median), r.throughput?.median, 'throughput'),
    cell(`${num(r.delivered)} / ${num(r.expected)}`),
    cell(num(r.violations?.total ?? r.violations), r.violations?.total ?? r.violations, 'violations'),
    ...['p50', 'p90', 'p99', 'p99.9'].map((p) => cell(ms(r.latencyMs?.[p]), r.latencyMs?.[p], p)),
    cell(num(r.errors), r.errors, 'errors'),
    cell(num(r.cpuPercent?.mean), r.cpuPercent?.mean, 'serverCpu'),
    cell(`${num(r.clientCpuPercent)}${r.client?.bound ? ' (client-bound)' : ''}`, r.clientCpuPercent, 'clientCpu'),
    cell(r.peakRssBytes ? num(r.peakRssBytes / MIB) : '–', r.peakRssBytes, 'peakRss'),
    cell(r.failed ? 'FAILED' : r.delivery ?? 'kept up', null, 'verdict'),
  ]);
  return { header, body, note: '' };
}

// The open-loop steps: latency counted from when each request was due.
function latencyTable(records) {
  const rows = records.filter((r) => r.rate || r.failed).sort((a, b) => a.stack.localeCompare(b.stack) || (a.rate ?? 0) - (b.rate ?? 0));
  if (!rows.length) return null;
  const header = ['stack', 'offered req/s', 'achieved', 'p50 ms', 'p90', 'p99', 'p99.9', 'server CPU %', 'generator CPU %', 'rate', 'verdict'];
  const body = rows.map((r) => [
    cell(r.stack, null, 'stack'), cell(num(r.rate), r.rate, 'rate'), cell(num(r.achieved), r.achieved, 'achieved'),
    ...['p50', 'p90', 'p99', 'p99.9'].map((p) => cell(ms(r.latencyMs?.[p]), r.latencyMs?.[p], p)),
    cell(num(r.serverCpuPercent), r.serverCpuPercent, 'serverCpu'), cell(num(r.generatorCpuPercent), r.generatorCpuPercent, 'generatorCpu'),
    cell((r.bases ?? []).join(' = ')),
    cell(r.failed ? `FAILED: ${r.reason}` : `${r.keptUp ? 'kept up' : 'fell behind'}${r.invariant ? `; invariant ${r.invariant}` : ''}`, null, 'verdict'),
  ]);
  return { header, body, note: '' };
}

/**
 * The tables of one bench workload in a run: [{ label, setting, table }], the open-loop table or null, and the
 * stacks the run did not measure on it. Empty tables when the run has none of it.
 */
export function workloadFigures(run, benchName, stacks) {
  const rows = (run?.summary.results ?? []).filter((r) => r.workload === benchName);
  const labels = [...new Set(rows.map((r) => r.label))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const pinning = run?.summary.environment?.pinning;
  const tables = labels.map((label) => {
    const group = rows.filter((r) => r.label === label);
    return { label, setting: describeStep(group[0].step), table: benchName === 'chat' ? chatTable(group) : httpTable(group, pinning) };
  });
  const measured = new Set(rows.map((r) => r.stack.split(':')[0]));
  return { tables, latency: latencyTable((run?.summary.latency ?? []).filter((r) => r.workload === benchName)),
    missing: stacks.map((s) => s.name).filter((name) => !measured.has(name)) };
}

// The README's "Last measured here" table of make calibrate: stack → { entry, hello, verdict }.
function readmeCalibration(root) {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  const section = text.slice(text.indexOf('## Against TechEmpower\'s entries'));
  const lines = section.slice(section.indexOf('| stack | entry | hello | verdict |')).split('\n');
  const rows = new Map();
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) break;
    const [stack, entry, hello, verdictText] = line.slice(1, -1).split(' | ').map((c) => c.trim().replace(/`/g, ''));
    rows.set(stack, { entry, hello, verdict: verdictText });
  }
  return rows;
}

// Every make calibrate run kept here, newest first: { dir, rows }.
function calibrationRuns(runDir) {
  const dir = join(runDir, 'calibrate');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => /^\d{4}-/.test(name) && existsSync(join(dir, name, 'calibration.json')))
    .sort().reverse().map((name) => ({ dir: join(dir, name), name,
      rows: JSON.parse(readFileSync(join(dir, name, 'calibration.json'), 'utf8')).rows ?? [] }));
}

const calibrationText = (row) => {
  const s = row.summary;
  if (!s?.ratios?.length) return `against ${row.entry}: ${calibrationVerdict(row)}`;
  return `against ${row.entry}${row.path ? ` (${row.path})` : ''}: ours ÷ theirs ${s.ratio == null ? '–' : s.ratio.toFixed(2)} ` +
    `(median of ${s.ratios.length} pairs: ${perRound(s)}), ${num(s.ours.throughput)} vs ${num(s.theirs.throughput)} req/s, ` +
    `${s.ours.cpuMicros?.toFixed(1) ?? '?'} vs ${s.theirs.cpuMicros?.toFixed(1) ?? '?'} µs of server CPU per request: ${calibrationVerdict(row)}`;
};

/**
 * Each stack's calibration lines for a bench workload: [{ stack, text, source: { file, label } }]; an empty list
 * for a workload TechEmpower's entries have no counterpart of.
 */
export function calibrationLines(benchName, stacks, { root = ROOT, runDir = RUN_DIR } = {}) {
  if (!COUNTERPARTS[benchName]) return [];
  const runs = calibrationRuns(runDir);
  const readme = benchName === 'hello' ? readmeCalibration(root) : new Map();
  return stacks.flatMap((stack) => {
    for (const run of runs) {
      const rows = run.rows.filter((r) => r.workload === benchName && r.stack.split(':')[0] === stack.name);
      if (rows.length) {
        return rows.map((row) => ({ stack: row.stack, text: calibrationText(row),
          source: { file: join(run.dir, 'CALIBRATION.md'), label: `make calibrate, ${run.name}` } }));
      }
    }
    const line = readme.get(stack.name);
    if (line) {
      return [{ stack: stack.name, text: `against ${line.entry}: ${line.hello}: ${line.verdict}`,
        source: { file: join(root, 'README.md'), fragment: 'against-techempowers-entries', label: 'README, last measured here' } }];
    }
    return [{ stack: stack.name, text: stack.calibration ? 'not calibrated here yet (make calibrate)' : 'no TechEmpower entry named in its stack.json', source: null }];
  });
}
