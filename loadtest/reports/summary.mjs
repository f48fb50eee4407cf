// summary.json: the environment a run was measured in, and one row per stack × workload (× sweep step)
// folding its repeats together. Throughput is reported per repeat and as median/min/max; latency
// percentiles come from every measured sample of every repeat taken together.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { cpus, availableParallelism } from 'node:os';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { latencySummary, spread, mean, median } from './stats.mjs';
import { bottleneck, perCpuSecond } from './bottleneck.mjs';
import { CONFIDENCE, METHOD, figureInterval } from './intervals.mjs';

export const LOG_T = `${METHOD} on logarithms (the geometric mean)`;

// wrk reports percentiles, not samples: a row of several wrk repeats shows the median repeat's latencies.
function latencyOf(measured) {
  if (measured.some((r) => r.elapsed?.length) || !measured.some((r) => r.latencyMs)) return latencySummary(measured.flatMap((r) => r.elapsed ?? []));
  const byRate = [...measured].sort((a, b) => a.throughput - b.throughput);
  return byRate[Math.floor((byRate.length - 1) / 2)].latencyMs;
}

const meanOf = (measured, get) => mean(measured.map(get).filter((v) => v != null));

/** A repeat that counts: it did not fail and something succeeded in it. The others are named, never averaged in. */
export const goodRepeat = (r) => !r.failed && r.throughput > 0;

// A repeat's own p99: wrk's, or the nearest rank over its JMeter samples.
const p99Of = (r) => (r.elapsed?.length ? latencySummary(r.elapsed).p99 : r.latencyMs?.p99 ?? null);

/**
 * Across the good repeats: each figure's median and, from MIN_REPEATS good repeats on, its 95 % interval
 * (reports/intervals.mjs); the repeats left out, each with its reason. Rates get Student's t interval of their mean;
 * latencies (`skewed`: a tail percentile's repeats scatter far above) Student's t on their logarithms, the interval
 * of their geometric mean. (A bootstrap of the median of five repeats is their min–max, which covers it 94 % of the time.)
 */
export function repeatIntervals(repeats, figures, { skewed = [] } = {}) {
  const good = repeats.filter(goodRepeat);
  const interval = (name, values) => {
    const figure = figureInterval(values);
    if (!skewed.includes(name) || figure.low === null || !values.every((v) => !Number.isFinite(v) || v > 0)) return figure;
    const logs = figureInterval(values.map(Math.log));
    return { ...figure, low: Math.exp(logs.low), high: Math.exp(logs.high), halfWidth: null, relativeHalfWidth: null, method: LOG_T };
  };
  return {
    method: METHOD, confidence: CONFIDENCE, n: good.length,
    excluded: repeats.filter((r) => !goodRepeat(r)).map((r) => ({ repeat: r.repeat, reason: r.reason ?? 'nothing succeeded' })),
    ...Object.fromEntries(Object.entries(figures).map(([name, get]) => [name, interval(name, good.map(get))])),
  };
}

/** An HTTP row's intervals from its repeats (each with its own p99Ms). */
export const httpIntervals = (repeats) => repeatIntervals(repeats, { throughput: (r) => r.throughput,
  perCpuSecond: (r) => perCpuSecond(r.throughput, r.resources?.cpuMeanPercent), p99: (r) => r.p99Ms }, { skewed: ['p99'] });

/** The summary's row for a server and step: repeats are { throughput, samples, errors, elapsed, resources, … }. */
export function buildRow({ server, workload, label, step, repeats, ceiling, pinning }) {
  const measured = repeats.filter((r) => r.samples > 0);
  const samples = measured.reduce((n, r) => n + r.samples, 0);
  const errors = measured.reduce((n, r) => n + r.errors, 0);
  const errorCodes = {};
  for (const r of measured) for (const [code, n] of Object.entries(r.errorCodes ?? {})) errorCodes[code] = (errorCodes[code] ?? 0) + n;
  const good = repeats.filter(goodRepeat);
  // Every figure but the counts of samples and errors is of the good repeats: a failed one is named (intervals.excluded),
  // never averaged in. Of every measured repeat only when none was good (the row is failed then).
  const counted = good.length ? good : measured;
  const throughput = spread(counted.map((r) => r.throughput));
  const peak = (key) => (counted.length ? Math.max(...counted.map((r) => r.resources[key] ?? 0)) : null);
  const invariants = repeats.map((r) => r.invariant).filter(Boolean);
  const row = {
    stack: server, workload, label, step,
    // Throughput and latencies are of successful samples; errors are counted apart, with their codes.
    throughput, samples, successes: measured.reduce((n, r) => n + (r.successes ?? 0), 0),
    errors, errorRate: samples ? errors / samples : null, errorCodes,
    malformedJtlRecords: repeats.reduce((n, r) => n + (r.malformed ?? 0), 0),
    generator: measured[0]?.generator ?? repeats[0]?.generator ?? null,
    latencyMs: latencyOf(counted),
    cpuPercent: { mean: mean(counted.map((r) => r.resources.cpuMeanPercent).filter((v) => v !== null)), peak: peak('cpuPeakPercent') },
    peakRssBytes: peak('peakRssBytes'), threads: peak('threads'), processes: peak('processes'),
    invariant: invariants.length ? (invariants.every((i) => i.ok) ? 'pass' : 'fail') : 'n/a',
    // false when a repeat's warm-up ran out of time still changing: the figure may be of a JIT half done.
    steady: counted.every((r) => r.warmup?.steady !== false),
    failed: repeats.some((r) => r.failed),
    intervals: httpIntervals(repeats.map((r) => ({ ...r, p99Ms: p99Of(r) }))),
    repeats: repeats.map(({ elapsed, ...rest }) => ({ ...rest, p99Ms: p99Of({ elapsed, ...rest }) })),
  };
  // Which part limited the run, from the repeats' mean CPU figures; and throughput per server CPU-second, the
  // figure generator-bound rows are ranked by.
  row.generatorCpuPercent = meanOf(counted, (r) => r.generatorCpuPercent);
  row.databaseCpuPercent = meanOf(counted, (r) => r.databaseCpuPercent);
  row.busy = Object.fromEntries(['server', 'loadgen', 'db'].map((side) => [side, meanOf(counted, (r) => r.busy?.[side])]));
  // What the hypervisor took from each role's CPUs in the windows kept, and how many windows were measured again for it.
  row.steal = Object.fromEntries(['server', 'loadgen', 'db'].map((side) => [side, meanOf(counted, (r) => r.steal?.[side])]));
  row.remeasured = repeats.reduce((n, r) => n + (r.noisy?.length ?? 0), 0);
  // Bookings: what each booking cost MariaDB (database-share.mjs), the median of the good repeats' figures.
  const shares = counted.map((r) => r.database?.perBooking).filter(Boolean);
  if (shares.length) {
    row.database = { repeats: shares.length, perBooking: Object.fromEntries(Object.keys(shares[0])
      .map((k) => [k, median(shares.map((x) => x[k]).filter((v) => v != null))])) };
  }
  row.bottleneck = bottleneck({ serverCpuPercent: row.cpuPercent.mean, pinning, busy: row.busy,
    generatorCpuPercent: row.generatorCpuPercent, databaseCpuPercent: row.databaseCpuPercent });
  row.perCpuSecond = perCpuSecond(throughput.median, row.cpuPercent.mean);
  if (ceiling?.throughput && throughput.median !== null) {
    const ratio = throughput.median / ceiling.throughput;
    row.headroom = { ceiling: ceiling.throughput, ratio };
  }
  return row;
}


function git(...args) {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function jdkVersion(javaHome) {
  const release = javaHome && join(javaHome, 'release');
  if (!release || !existsSync(release)) return null;
  const text = readFileSync(release, 'utf8');
  const field = (name) => text.match(new RegExp(`^${name}="([^"]*)"`, 'm'))?.[1];
  return { home: javaHome, version: field('JAVA_RUNTIME_VERSION') ?? field('JAVA_VERSION'), vendor: field('IMPLEMENTOR') };
}

/** What the numbers depend on besides the stacks: hardware, pinning, versions, source revision. */
export function environment({ pinning, javaHome, mariadb, jmeter, wrk = null, nginx }) {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  return {
    cpuModel: cpuinfo.match(/^model name\s*:\s*(.*)$/m)?.[1] ?? cpus()[0]?.model ?? null,
    cores: cpus().length,
    availableCpus: availableParallelism(),
    pinning,
    jdk: jdkVersion(javaHome),
    node: process.version,
    mariadb,
    jmeter,
    wrk,
    nginx,
    // The compose runtime's image has no .git: the Makefile passes what git says on the host.
    git: process.env.GIT_SHA ? { sha: process.env.GIT_SHA, dirty: process.env.GIT_DIRTY === 'true' }
      : { sha: git('rev-parse', 'HEAD'), dirty: Boolean(git('status', '--porcelain')) },
  };
}
