// make calibrate's arithmetic and reading, apart from running anything: which TechEmpower entry a stack is
// measured against (its stack.json's `calibration`), what that entry serves (its benchmark_config.json), whether
// the start command we run still carries its Dockerfile's flags, and the table of ratios.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, percentile } from '../../../loadtest/reports/stats.mjs';
import { CONFIDENCE, METHOD, figureInterval } from '../../../loadtest/reports/intervals.mjs';

/**
 * Our workload → the entry's test URL it is measured against, and whether both do the same work. Their `/json`
 * serialises a fixed object for a GET; our echo reads a POST body, parses and validates it, then writes it: the
 * nearest they have, measured for the record, with no verdict.
 */
export const COUNTERPARTS = {
  hello: { url: 'plaintext_url', sameWork: true },
  echo: { url: 'json_url', sameWork: false, differs: 'their /json serialises a fixed object; our echo reads a POST body, parses and validates it, then writes it' },
};

/**
 * The environment an entry starts in: make calibrate's, without the variables that configure our stack (its
 * stack.json env, such as JAVA_OPTS: a user's JAVA_OPTS=… is meant for ours, and their start scripts read it too),
 * then the entry's own (calibration.env).
 */
export function entryEnv(env, entry, ourKeys) {
  const inherited = Object.fromEntries(Object.entries(env).filter(([key]) => !ourKeys.includes(key)));
  return { ...inherited, ...entry.env };
}

/** The entry a stack names, with what its benchmark_config.json says it serves; throws on a checkout without it. */
export function entryOf(stack, tfbDir) {
  const c = stack.calibration;
  if (!c?.entry) return null;
  const dir = join(tfbDir, c.entry);
  const config = join(dir, 'benchmark_config.json');
  if (!existsSync(config)) throw new Error(`${stack.name}: no ${config} (TFB_DIR must be a checkout of TechEmpower/FrameworkBenchmarks)`);
  const test = JSON.parse(readFileSync(config, 'utf8')).tests?.[0]?.default;
  if (!test?.port) throw new Error(`${config}: no default test with a port`);
  const paths = Object.fromEntries(Object.entries(COUNTERPARTS).filter(([, c]) => test[c.url]).map(([ours, c]) => [ours, test[c.url]]));
  return { name: c.entry.split('/').at(-1), dir, stackDir: stack.dir, port: test.port, paths, build: c.build, start: c.start,
    env: c.env ?? {}, dockerfile: c.dockerfile ? join(dir, c.dockerfile) : null, approach: test.approach ?? null, ceiling: c.ceiling === true };
}

/**
 * Every server a stack is measured against: its TechEmpower entry, and, for a framework TechEmpower has no entry of,
 * the one this repository writes in that entry's place (`calibration.own`: started in the stack's directory, on
 * PORT, nothing to build). When the TechEmpower entry is a layer below the framework (`ceiling`), it is measured for
 * the record and the verdict is the own entry's. Both start with `calibration.env` (flags they share, written once).
 */
export function entriesOf(stack, tfbDir) {
  const own = stack.calibration?.own;
  return [entryOf(stack, tfbDir), own && { name: own.name, dir: stack.dir, stackDir: stack.dir, port: own.port, paths: { hello: own.path },
    build: null, start: own.start, env: stack.calibration.env ?? {}, dockerfile: null, approach: null, ceiling: false, own: true }].filter(Boolean);
}

/** A start command with its `$NAME` and `${NAME}` from `vars` put in, as the shell will; others left as they are. */
export function expandVars(command, vars) {
  return command.replace(/\$\{?(\w+)\}?/g, (whole, name) => (Object.hasOwn(vars, name) ? vars[name] : whole));
}

/** The JVM and Vert.x/Netty flags (`-X…`, `-D…`, `--…=`) of a Dockerfile's CMD or ENTRYPOINT, by name. */
export function dockerfileFlags(text) {
  const joined = text.replace(/\\\n/g, ' ');
  const command = joined.split('\n').filter((line) => /^\s*(CMD|ENTRYPOINT)\b/.test(line)).join(' ');
  const tokens = command.match(/(?:^|[\s"[,])(-[XD][^\s",\]]+|--[a-z][\w-]*=[^\s",\]]+)/g) ?? [];
  return [...new Set(tokens.map((t) => flagName(t.replace(/^[\s"[,]/, ''))))];
}

const flagName = (token) => token.replace(/=.*$/, '').replace(/^(-XX:)[+-]/, '$1');

/** Flags of the entry's Dockerfile that our start command of it lacks: the calibration would not run it as they do. */
export function missingFlags(dockerfileText, start) {
  const ours = new Set((start.match(/\S+/g) ?? []).map(flagName));
  return dockerfileFlags(dockerfileText).filter((flag) => !ours.has(flag));
}

/** Server CPU per request in µs: 100 % of one core for a second is 10^6 µs. */
export const cpuMicrosPerRequest = (throughput, cpuPercent) =>
  (throughput > 0 && cpuPercent > 0 ? (cpuPercent / 100) * 1e6 / throughput : null);

/**
 * One table row from its pairs (each { ours, theirs, round }: a measured run's throughput, server CPU % and
 * bottleneck, and which start of both servers it came from): the ratio per pair, and which pairs count: those whose
 * two runs were both server-bound (one side's dip while the other side's JIT or GC took the shared CPU is the
 * machine, not the server). The median ratio, the quartiles around it and CPU per request are of the counted pairs;
 * a verdict needs at least half of them to count.
 */
export function summariseRounds(rounds) {
  const complete = rounds.filter((r) => r.ours?.throughput > 0 && r.theirs?.throughput > 0);
  const counts = complete.map((r) => r.ours.bound === 'server' && r.theirs.bound === 'server');
  const counted = complete.filter((_, i) => counts[i]);
  const ratioOf = (r) => r.ours.throughput / r.theirs.throughput;
  const side = (key) => {
    const runs = counted.map((r) => r[key]);
    const perRequest = runs.map((x) => cpuMicrosPerRequest(x.throughput, x.serverCpuPercent)).filter((v) => v != null);
    return {
      throughput: runs.length ? median(runs.map((x) => x.throughput)) : null,
      cpuMicros: perRequest.length ? median(perRequest) : null,
      bounds: complete.map((r) => r[key].bound ?? null),
    };
  };
  const sorted = counted.map(ratioOf).sort((a, b) => a - b);
  return { ratios: complete.map(ratioOf), counts, roundOf: complete.map((r) => r.round ?? 1),
    ratio: counted.length ? median(sorted) : null, quartiles: [percentile(sorted, 25), percentile(sorted, 75)],
    // The counted pairs' ratios as repeats: their 95 % interval (loadtest/reports/intervals.mjs), from three pairs on.
    interval: figureInterval(sorted),
    ours: side('ours'), theirs: side('theirs'),
    serverBound: counted.length > 0 && counted.length >= complete.length / 2,
    failed: rounds.length - complete.length };
}

/** "0.84, (0.35); 0.80, 0.82": the pairs' ratios grouped by the start of both servers, those not counted in brackets. */
export const perRound = (s) => s.ratios.map((r, i) => {
  const sep = i === 0 ? '' : s.roundOf[i] !== s.roundOf[i - 1] ? '; ' : ', ';
  return `${sep}${s.counts[i] ? r.toFixed(2) : `(${r.toFixed(2)})`}`;
}).join('');

const fixed = (v, digits) => (v == null || Number.isNaN(v) ? '?' : v.toFixed(digits));

/** One row's verdict against the 0.90 the calibration asks, or why it has none. */
export function calibrationVerdict(row, threshold = 0.9) {
  const s = row.summary;
  return row.error ? row.error
    : !s.ratios.length ? 'not measured'
      : !s.serverBound ? 'fewer than half the pairs server-bound on both sides: no verdict'
        : COUNTERPARTS[row.workload]?.sameWork === false ? `not the same work (${COUNTERPARTS[row.workload].differs}): no verdict`
          : row.ceiling ? 'a layer below the framework, for the record: no verdict'
            : s.ratio >= threshold ? `ok (≥ ${threshold.toFixed(2)})` : `BELOW ${threshold.toFixed(2)}`;
}

/**
 * Which of our stack's variables (its stack.json env) this run set otherwise, e.g. { JAVA_OPTS: '…' }: a run of
 * ours with a setting being tried says so in its row, so it is never read as the stack as it is.
 */
export function overridesOf(stackEnv, env) {
  return Object.fromEntries(Object.keys(stackEnv).filter((key) => env[key] !== undefined && env[key] !== stackEnv[key])
    .map((key) => [key, env[key]]));
}

/** "<stack> with JAVA_OPTS=…": the row's stack, and what it ran with when that was not its stack.json's. */
export const oursAsRun = (row) => [row.stack, ...Object.entries(row.overrides ?? {}).map(([k, v]) => `${k}=${v}`)].join(' with ');

/** The Markdown table: one row per stack and workload, verdict against the 0.90 the calibration asks. */
export function calibrationTable(rows, threshold = 0.9) {
  const head = ['stack', 'workload', 'entry (their path)', 'ours ÷ theirs, per pair (rounds split by ;, not server-bound in brackets)', 'median', 'middle half of the pairs',
    `${CONFIDENCE * 100} % interval (${METHOD}, counted pairs)`, 'req/s ours / theirs',
    'server µs per request, ours / theirs', 'bound', 'verdict'];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const row of rows) {
    const s = row.summary;
    const verdict = calibrationVerdict(row, threshold);
    const bounds = s ? `${s.ours.bounds.join('/') || '?'} · ${s.theirs.bounds.join('/') || '?'}` : '';
    lines.push(`| ${[oursAsRun(row), row.workload, `${row.entry} (${row.path ?? '—'})`,
      s ? perRound(s) || '—' : '—', s ? fixed(s.ratio, 2) : '—', s?.quartiles?.[0] != null ? `${fixed(s.quartiles[0], 2)}–${fixed(s.quartiles[1], 2)}` : '—',
      s?.interval?.low != null ? `${fixed(s.interval.low, 2)}–${fixed(s.interval.high, 2)}` : '—',
      s ? `${fixed(s.ours.throughput, 0)} / ${fixed(s.theirs.throughput, 0)}` : '—',
      s ? `${fixed(s.ours.cpuMicros, 1)} / ${fixed(s.theirs.cpuMicros, 1)}` : '—', bounds, verdict].join(' | ')} |`);
  }
  return lines.join('\n');
}
