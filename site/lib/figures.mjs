// The figures beside a workload's code: its tables from one bench run's summary.json (results/latest unless RUN
// names another run), which are REPORT.md's own (loadtest/reports/report.mjs) with the number behind each figure; and each
// stack's line against its TechEmpower entry: from the newest `make calibrate` run here that measured it, else the
// last measured table in docs/calibration.md.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT, RUN_DIR } from '../../harness/lib/stacks.mjs';
import { chatFigures, describeStep, httpFigures, latencyFigures, num } from '../../loadtest/reports/report.mjs';
import { COUNTERPARTS, calibrationVerdict, oursAsRun, perRound } from '../../harness/reproductions/calibrate/calibration.mjs';
import { readSummary } from '../../loadtest/reports/runs.mjs';

/** The run at `dir` (a results/<run> directory or the latest link): { name, dir, summary }, or null when there is none. */
export function readRun(dir) {
  if (!existsSync(join(dir, 'summary.json'))) return null;
  const real = realpathSync(dir);
  return { name: basename(real), dir: real, summary: readSummary(real) };
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
    return { label, setting: describeStep(group[0].step),
      table: benchName === 'chat' ? chatFigures(group) : httpFigures(group, { links: false, pinning }) };
  });
  const steps = (run?.summary.latency ?? []).filter((r) => r.workload === benchName);
  const measured = new Set(rows.map((r) => r.stack.split(':')[0]));
  return { tables, latency: steps.length ? latencyFigures(steps) : null,
    missing: stacks.map((s) => s.name).filter((name) => !measured.has(name)) };
}

// docs/calibration.md's "Last measured here" table of make calibrate: stack → { entry, hello, verdict }.
const CALIBRATION_PAGE = 'docs/calibration.md';
function readmeCalibration(root) {
  const text = readFileSync(join(root, CALIBRATION_PAGE), 'utf8');
  const section = text.slice(text.indexOf('# Against TechEmpower\'s entries'));
  const header = section.indexOf('| stack | entry | hello | verdict |');
  if (!text.includes('# Against TechEmpower\'s entries') || header === -1) {
    throw new Error(`${CALIBRATION_PAGE}: no "Against TechEmpower's entries" section with its | stack | entry | hello | verdict | table (site/lib/figures.mjs reads it)`);
  }
  const lines = section.slice(header).split('\n');
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
        return rows.map((row) => ({ stack: row.stack, text: `${oursAsRun(row) === row.stack ? '' : `(ours as ${oursAsRun(row)}) `}${calibrationText(row)}`,
          source: { file: join(run.dir, 'CALIBRATION.md'), label: `make calibrate, ${run.name}` } }));
      }
    }
    const line = readme.get(stack.name);
    if (line) {
      return [{ stack: stack.name, text: `against ${line.entry}: ${line.hello}: ${line.verdict}`,
        source: { file: join(root, CALIBRATION_PAGE), fragment: 'against-techempowers-entries', label: 'docs/calibration.md, last measured here' } }];
    }
    return [{ stack: stack.name, text: stack.calibration ? 'not calibrated here yet (make calibrate)' : 'no TechEmpower entry named in its stack.json', source: null }];
  });
}
