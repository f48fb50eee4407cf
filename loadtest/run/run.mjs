// One measured run against a server that is already up. Time-bound steps are ONE JMeter process (one JVM,
// so it is as warm in the measured window as the server): ramp-up, then the warm-up at full concurrency,
// then the measured window; the JTL reader keeps only the samples that start inside that window. Loop-bound
// steps (seed's echo and bookings: N requests per user) keep a separate, time-bound warm-up JMeter run
// before the loops, because one thread group cannot be "a duration, then N loops": their generator JVM
// starts cold, which the README says. The dashboard is generated afterwards from the trimmed JTL.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runJmeter as runLocalJmeter, generateDashboard } from '../generators/jmeter.mjs';
import { runJmeterOnEngines, useEngines } from '../generators/jmeter-engines.mjs';
import { luaCorpusOf } from '../generators/corpus.mjs';
import { STATIC_ROOT } from '../../harness/lib/stacks.mjs';
import { exitOf } from '../../harness/lib/processes.mjs';
import { readJtl, firstStartOf, unanswered } from '../generators/jtl.mjs';
import { throughput, median } from '../reports/stats.mjs';
import { resourceSummary, cpuList, stolen, MAX_STEAL_PERCENT, NOISY_RETRIES } from '../sampling/sampler.mjs';
import { databaseProcess } from './db.mjs';
import { HOSTS, LOADGENS, samplerOn, cpuSamplerOn, diedOn } from '../sampling/remote.mjs';
import { runWrk, MAX_START_SKEW } from '../generators/wrk.mjs';
import { runAb } from '../generators/ab.mjs';
import { difference, perBooking } from '../reports/database-share.mjs';

// Above this share of failed samples the run is failed: its throughput would be a fiction.
export const MAX_ERROR_RATE = 0.01;

/**
 * Whether a server process has exited: through the runner's exit record when it started it, else kill 0 (on its
 * host when that is another: on).
 */
export async function processDied(pid, on = null) {
  if (on?.remote) return diedOn(on, pid);
  const exit = exitOf(pid);
  if (exit) return Promise.race([exit.then(() => true), new Promise((r) => setImmediate(() => r(false)))]);
  try { process.kill(pid, 0); return false; } catch { return true; }
}

/** Why a measured run counts as failed (null when it does not): no successes, too many errors, a dead server. */
export function failureReason({ successes, samples, errors }, died) {
  if (died) return 'the server process died during the run';
  if (!successes) return `no successful samples (${samples} samples, ${errors} errors)`;
  if (errors / samples > MAX_ERROR_RATE) return `error rate ${((errors / samples) * 100).toFixed(2)} % > ${MAX_ERROR_RATE * 100} %`;
  return null;
}

/**
 * Everything sampled while a generator runs: the server's process tree, the generators' (from generator(pid, host),
 * one per load host), MariaDB's, and every CPU's busy time, so each row can say which part was the bottleneck. Each
 * is read on its role's host: the server's (on: null for this machine), the database's, each load host's. With
 * several load hosts the generator figures are the busiest host's (one saturated host limits the load), each
 * host's kept in `loadgens`.
 */
export function startProbes(serverPid, on = null) {
  const server = samplerOn(on, serverPid);
  const db = databaseProcess();
  const database = db.pid ? samplerOn(db.on, db.pid) : null;
  const key = (host) => (host?.remote ? host.address : 'this machine');
  const cpus = new Map([on, db.on ?? HOSTS.db, ...LOADGENS].map((host) => [key(host), host]));
  for (const [name, host] of cpus) cpus.set(name, cpuSamplerOn(host));
  const generators = [];
  return {
    generator(pid, host = HOSTS.loadgen) { if (pid) generators.push({ host, sampler: samplerOn(host, pid) }); },
    /** Stops sampling; returns summarise(from, to, pinning) for the measured window. */
    stop() {
      const samples = server.stop();
      const gens = generators.map((g) => ({ host: g.host, samples: g.sampler.stop() }));
      const dbSamples = database?.stop() ?? [];
      const busy = new Map([...cpus].map(([name, sampler]) => [name, sampler.stop()]));
      return (from, to, pinning) => {
        const loadgens = LOADGENS.map((host) => {
          const mine = gens.filter((g) => g.host.address === host.address && g.samples.length);
          return { address: host.address,
            generatorCpuPercent: mine.length ? Math.max(...mine.map((g) => resourceSummary(g.samples, from, to).cpuMeanPercent ?? 0)) : null,
            busy: pinning?.loadgen ? busy.get(key(host)).busyIn(from, to, cpuList(pinning.loadgen)) : null,
            steal: pinning?.loadgen ? busy.get(key(host)).stealIn(from, to, cpuList(pinning.loadgen)) : null };
        });
        const busiest = (field) => (loadgens.some((l) => l[field] != null) ? Math.max(...loadgens.map((l) => l[field] ?? 0)) : null);
        return {
          resources: resourceSummary(samples, from, to),
          generatorCpuPercent: busiest('generatorCpuPercent'),
          databaseCpuPercent: dbSamples.length ? resourceSummary(dbSamples, from, to).cpuMeanPercent : null,
          busy: pinning ? {
            server: pinning.server ? busy.get(key(on)).busyIn(from, to, cpuList(pinning.server)) : null,
            db: pinning.db ? busy.get(key(db.on ?? HOSTS.db)).busyIn(from, to, cpuList(pinning.db)) : null,
            loadgen: pinning.loadgen ? busiest('busy') : null,
          } : {},
          // What the hypervisor took from each role's CPUs (busy above counts it as busy).
          steal: pinning ? {
            server: pinning.server ? busy.get(key(on)).stealIn(from, to, cpuList(pinning.server)) : null,
            db: pinning.db ? busy.get(key(db.on ?? HOSTS.db)).stealIn(from, to, cpuList(pinning.db)) : null,
            loadgen: pinning.loadgen ? busiest('steal') : null,
          } : {},
          ...(LOADGENS.length > 1 ? { loadgens } : {}),
        };
      };
    },
  };
}

/**
 * server: { name, host, port, pid }; returns { throughput, samples, successes, errors, errorRate, errorCodes,
 * created (201s of the whole JMeter run, warm-up included), unanswered (its samples without an HTTP status), elapsed, window, resources, jtl, dashboard,
 * failed, reason }.
 */
export async function measure({ server, workload, step, profile, corpus, dir, loadgenCpus, pinning, progress }) {
  const common = { workload, host: server.host, port: server.port, file: step.file, corpus, cpus: loadgenCpus,
    onSample: (line) => progress.sample(line) };
  mkdirSync(dir, { recursive: true });
  // On load hosts of their own, JMeter's remote engines there with a controller here.
  const runJmeter = useEngines() ? runJmeterOnEngines : runLocalJmeter;
  const loopBound = step.loops !== undefined && step.loops > 0;
  const warmupMs = profile.warmup.durationSeconds * 1000;
  let warmCreated = 0;
  let warmUnanswered = 0;
  if (loopBound) {
    progress.phase('warm-up');
    const warmupJtl = join(dir, 'warmup.jtl');
    const warm = await runJmeter({ ...common, users: Math.min(profile.warmup.users, step.users), rampUpSeconds: 0,
      durationSeconds: profile.warmup.durationSeconds, loops: -1, jtl: warmupJtl });
    if (warm.exitCode !== 0) return failedRun(`JMeter warm-up exited with ${warm.exitCode}: ${warm.output ?? ''}`);
    const warmCodes = (await readJtl(warmupJtl)).codes;
    warmCreated = warmCodes['201'] ?? 0;
    warmUnanswered = unanswered(warmCodes);
  }

  progress.phase(loopBound ? 'measure' : 'warm-up + measure');
  const probes = startProbes(server.pid, server.on);
  const full = join(dir, 'full.jtl');
  const rampMs = profile.rampUpSeconds * 1000;
  const run = await runJmeter({ ...common, onSpawn: (pid, host) => probes.generator(pid, host), users: step.users, rampUpSeconds: profile.rampUpSeconds,
    // + 1 s: JMeter's clock starts a little before its first sample (t0 below), so without it the users
    // would stop just before the window ends; samples starting after the window are dropped.
    durationSeconds: loopBound ? 0 : profile.rampUpSeconds + profile.warmup.durationSeconds + step.durationSeconds + 1,
    loops: loopBound ? step.loops : -1, jtl: full });
  const summarise = probes.stop();
  const died = await processDied(server.pid, server.on);
  if (run.exitCode !== 0) {
    // The 201s it did get still count for the bookings row check.
    const codes = await readJtl(full).then((r) => r.codes, () => ({}));
    return failedRun(`JMeter exited with ${run.exitCode}: ${run.output ?? ''}`,
      { died, created: warmCreated + (codes['201'] ?? 0), unanswered: warmUnanswered + unanswered(codes) });
  }

  // The measured window, from the first user's first request: after ramp-up and warm-up, for the step's
  // duration. Loop-bound steps measure the whole run (first start to last end).
  const t0 = await firstStartOf(full);
  const window = loopBound ? { from: -Infinity, to: Infinity } : { from: t0 + rampMs + warmupMs, to: t0 + rampMs + warmupMs + step.durationSeconds * 1000 };
  const minBytes = workload === 'static' ? statSync(join(STATIC_ROOT, step.file)).size : 0;
  const jtl = join(dir, 'results.jtl');
  const read = await readJtl(full, { ...window, minBytes, trimmed: jtl });
  const from = loopBound ? read.firstStart : window.from;
  const to = loopBound ? read.lastEnd : window.to;
  let dashboard = profile.dashboards && read.samples ? join(dir, 'dashboard') : null;
  if (dashboard) {
    progress.phase('dashboard');
    const report = await generateDashboard({ jtl, dashboard, cpus: loadgenCpus });
    if (report.exitCode !== 0) { progress.note(`bench: dashboard of ${jtl} failed (exit ${report.exitCode})`); dashboard = null; }
  }
  const reason = failureReason(read, died);
  return {
    generator: 'jmeter',
    throughput: throughput(read.successes, to - from),
    samples: read.samples, successes: read.successes, errors: read.errors,
    errorRate: read.samples ? read.errors / read.samples : null, errorCodes: read.errorCodes,
    created: warmCreated + (read.codes['201'] ?? 0), unanswered: warmUnanswered + unanswered(read.codes), outsideWindow: read.before + read.after, malformed: read.malformed,
    elapsed: read.elapsed,
    window: { from, to, seconds: (to - from) / 1000 },
    ...summarise(from, to, pinning),
    jtl, dashboard, died, failed: Boolean(reason), ...(reason ? { reason } : {}),
  };
}

// The status a workload's success has; anything else is an error (counted per code where wrk counted codes).
const EXPECTED_STATUS = { hello: 200, static: 200, echo: 200, bookings: 201 };
const SOCKET_ERRORS = ['connect', 'read', 'write', 'timeout'];

/**
 * What one wrk run counted, in the shape measure() returns: successes are the expected status (from the
 * counted statuses, or requests less wrk's ≥ 400 count where the script counts none), errors the rest plus
 * socket errors; `created` the 201s; `unanswered` the requests that may have reached the server without an
 * answer being read (one per connection still waiting when wrk stopped, plus timeouts and socket errors).
 */
export function wrkCounts(workload, result, { connections, fileBytes = 0 }) {
  const errors = result.errors ?? {};
  const expected = String(EXPECTED_STATUS[workload]);
  const statuses = result.statuses ?? null;
  let successes = statuses ? statuses[expected] ?? 0 : result.requests - (errors.status ?? 0);
  const errorCodes = {};
  if (statuses) {
    for (const [code, n] of Object.entries(statuses)) if (code !== expected) errorCodes[code] = n;
  } else if (errors.status) {
    errorCodes['≥ 400'] = errors.status;
  }
  for (const kind of SOCKET_ERRORS) if (errors[kind]) errorCodes[`socket ${kind}`] = errors[kind];
  // wrk reads every body to its Content-Length; a body cut short shows as a timeout or read error, and a gross
  // shortfall of bytes here. Each whole response carries at least the file.
  if (fileBytes > 0 && successes > 0) {
    const short = successes - Math.floor(result.bytes / fileBytes);
    if (short > 0) { errorCodes[`short body (< ${fileBytes} bytes)`] = short; successes -= short; }
  }
  const socket = SOCKET_ERRORS.reduce((n, kind) => n + (errors[kind] ?? 0), 0);
  const failedResponses = result.requests - successes;
  return {
    successes, errors: failedResponses + socket, samples: result.requests + socket, errorCodes,
    created: statuses ? statuses['201'] ?? 0 : 0,
    unanswered: connections + (errors.timeout ?? 0) + (errors.read ?? 0) + (errors.write ?? 0),
  };
}

const latencyOf = (us) => {
  const ms = (v) => (v == null ? null : v / 1000);
  const p = us?.percentiles ?? {};
  return { p50: ms(p.p50), p90: ms(p.p90), p99: ms(p.p99), 'p99.9': ms(p['p99.9']), max: ms(us?.max) };
};

/**
 * Warms the server up with wrk in short runs until its rate is steady: a JIT on one saturated core can take
 * 20 s to compile a workload's path, in steps with plateaus between them (java-spring5's hello: 2.1k, 2.4k, 3.2k,
 * 4.8k, 8.6k, 23.5k, 26k req/s in 2 s runs), while Node needs a few seconds. Steady (steady() below): no longer
 * climbing, after `minSeconds`; at most `maxSeconds`. Returns the 201s and unanswered requests of all of it, the
 * rates, the seconds, and whether it ended steady (false: it ran out of time still climbing, and what is measured
 * next may be a JIT half done).
 */
export async function warmUntilSteady(options, { minSeconds = 4, maxSeconds = 30, chunkSeconds = 1, window = 3, tolerance = 0.05 } = {}, progress = null) {
  const rates = [];
  let created = 0;
  let unanswered = 0;
  let seconds = 0;
  while (seconds < maxSeconds) {
    const run = await runWrk({ ...options, durationSeconds: chunkSeconds });
    if (run.exitCode !== 0 || !run.result) return { failed: true, reason: `wrk warm-up exited with ${run.exitCode}: ${run.output}`, created, unanswered };
    const counts = wrkCounts(options.workload, run.result, { connections: options.connections, fileBytes: options.fileBytes ?? 0 });
    created += counts.created;
    unanswered += counts.unanswered;
    seconds += chunkSeconds;
    rates.push(Math.round(counts.successes / (run.result.durationUs / 1e6)));
    progress?.rate?.(rates.at(-1));
    if (seconds >= minSeconds && steady(rates, window, tolerance)) return { seconds, rates, created, unanswered, steady: true };
  }
  return { seconds, rates, created, unanswered, steady: false };
}

/**
 * No longer climbing: the median of the last `window` rates is not above the median of the `window` before them by
 * more than `tolerance`. Medians, not every rate: on a shared machine single 1 s rates swing by a third either way
 * (node-express's hello over veth: 13k–27k req/s from one second to the next), and a rule that asked every one of
 * them to agree with the best so far never ended (every row of a run marked unsteady after 60 s). A JIT still
 * compiling climbs from one window to the next; a plateau passes for steady only when it lasts two windows.
 */
export function steady(rates, window = 3, tolerance = 0.05) {
  if (rates.length < 2 * window) return false;
  return median(rates.slice(-window)) <= (1 + tolerance) * median(rates.slice(-2 * window, -window));
}

/** What every wrk run against a server for a step shares: target, connections, and a thread per load-generator CPU. */
export function wrkOptions({ server, workload, step, loadgenCpus }) {
  const threads = Math.max(1, Math.min(cpuList(loadgenCpus || '0').length, step.users));
  return { workload, host: server.host, port: server.port, file: step.file, cpus: loadgenCpus, connections: step.users, threads,
    ...(step.path ? { path: step.path } : {}) };
}

/**
 * One measured run with wrk: a warm-up run (wrk itself needs none; the server's JIT and pools do), then the
 * measured run with the server, the generator, MariaDB and every CPU sampled, again when the host took CPU (untilQuiet).
 * Latencies are wrk's (closed loop: each connection waits for its answer, so stalls are understated; the latency step
 * measures open-loop).
 */
export async function measureWrk({ server, workload, step, profile, corpus, dir, loadgenCpus, pinning, progress, counters = null,
  bracket = null }) {
  mkdirSync(dir, { recursive: true });
  const common = { ...wrkOptions({ server, workload, step, loadgenCpus }), corpus: corpus && luaCorpusOf(corpus) };
  const fileBytes = workload === 'static' ? statSync(join(STATIC_ROOT, step.file)).size : 0;
  progress.phase('warm-up');
  const warm = await warmUntilSteady({ ...common, fileBytes }, profile.warmup.steady, progress);
  writeFileSync(join(dir, 'warmup.wrk.json'), `${JSON.stringify(warm, null, 2)}\n`);
  if (warm.failed) return failedRun(warm.reason);

  const warmup = { seconds: warm.seconds, rates: warm.rates, steady: warm.steady };
  const ceilingWindow = () => bracketWindow({ common, bracket, workload, connections: step.users, fileBytes, progress });
  const before = bracket ? await ceilingWindow() : null;
  const outcome = await untilQuiet((extra) => wrkWindow({ server, workload, step, common, fileBytes, dir, pinning, progress, extra, counters }),
    { created: warm.created, unanswered: warm.unanswered },
    (took) => progress.note(`bench: ${server.name ?? 'nginx'} ${workload}: the host took ${took} % of the CPUs (steal) in that window; measuring again`),
    profile.noisyRetries ?? NOISY_RETRIES);
  if (!bracket) return { ...outcome, warmup };
  const around = bracketOf(before, await ceilingWindow());
  if (around.failed) progress.note(`bench: ${server.name} ${workload}: no bracket (${around.reason}); its ratio to nginx is to the repeat's ceiling row`);
  return { ...outcome, warmup, bracket: around };
}

/**
 * The ceiling's rate in a short window just before or just after a stack's (bracket: the repeat's nginx, still up
 * on the same CPUs, and the window's seconds): { throughput } or { failed, reason }. The stack idles meanwhile, as
 * nginx idles in the stack's window.
 */
async function bracketWindow({ common, bracket, workload, connections, fileBytes, progress }) {
  progress.phase('ceiling');
  const run = await runWrk({ ...common, host: bracket.server.host, port: bracket.server.port, durationSeconds: bracket.seconds, together: true });
  if (run.exitCode !== 0 || !run.result) return { failed: true, reason: `wrk against nginx exited with ${run.exitCode}: ${run.output}` };
  const counts = wrkCounts(workload, run.result, { connections, fileBytes });
  const reason = failureReason(counts, false);
  return reason ? { failed: true, reason: `nginx: ${reason}` } : { throughput: throughput(counts.successes, run.result.durationUs / 1000) };
}

/**
 * A stack's window bracketed by the ceiling's: the mean of the two ceiling rates is what nginx did on these CPUs around
 * that window, so the ratio to it leaves out the host's drift between windows minutes apart (reports/ranks.mjs). A failed
 * side leaves the repeat without a bracket, and its ratio then falls back to the repeat's ceiling row.
 */
export function bracketOf(before, after) {
  const failed = [before, after].find((w) => w.failed);
  if (failed) return { failed: true, reason: failed.reason };
  return { before: before.throughput, after: after.throughput, throughput: (before.throughput + after.throughput) / 2 };
}

/**
 * The host's noise that can be seen: a window in which the hypervisor took more than MAX_STEAL_PERCENT of a role's CPUs
 * is measured again (the server is warm), at most `retries` times (none: the smoke profile, which measures nothing).
 * measureWindow(extra) measures one window counting extra's 201s and unanswered requests (those of the windows before
 * it, so the bookings invariant still counts them); each window given up is kept in `noisy`.
 */
export async function untilQuiet(measureWindow, extra, note = () => {}, retries = NOISY_RETRIES) {
  const noisy = [];
  for (;;) {
    const outcome = await measureWindow(extra);
    const took = stolen(outcome.steal);
    if (outcome.failed || took === null || took <= MAX_STEAL_PERCENT || retries === 0) return { ...outcome, ...(noisy.length ? { noisy } : {}) };
    noisy.push({ stealPercent: round1(took), throughput: Math.round(outcome.throughput) });
    // Still so after the retries: the host is busy for longer than a bench can wait. The last window is kept, its
    // steal named in the verdict (a host that steals all along would otherwise leave no figure at all).
    if (noisy.length > retries) return { ...outcome, noisy, stillNoisy: true };
    note(round1(took));
    extra = { created: outcome.created, unanswered: outcome.unanswered };
  }
}

const round1 = (v) => Math.round(v * 10) / 10;

/**
 * One measured wrk window on a warm server, sampled; extra: the 201s and unanswered requests before it; counters: when
 * given, MariaDB's (database-share.mjs readCounters) read just before and just after, their difference kept.
 */
async function wrkWindow({ server, workload, step, common, fileBytes, dir, pinning, progress, extra, counters }) {
  progress.phase('measure');
  const before = counters ? await counters() : null;
  const probes = startProbes(server.pid, server.on);
  const began = Date.now();
  const run = await runWrk({ ...common, durationSeconds: step.durationSeconds, together: true, onSpawn: (pid, host) => probes.generator(pid, host) });
  const ended = Date.now();
  const summarise = probes.stop();
  const database = before ? difference(before, await counters()) : null;
  const died = await processDied(server.pid, server.on);
  writeFileSync(join(dir, 'wrk.json'), `${JSON.stringify(run.result, null, 2)}\n`);
  if (run.exitCode !== 0 || !run.result) {
    return failedRun(`wrk exited with ${run.exitCode}: ${run.output}`,
      { died, created: extra.created, unanswered: extra.unanswered + step.users });
  }
  const counts = wrkCounts(workload, run.result, { connections: step.users, fileBytes });
  // The window is wrk's own measured duration, ending when it stopped.
  const seconds = run.result.durationUs / 1e6;
  const from = Math.max(began, ended - seconds * 1000);
  const to = from + seconds * 1000;
  const skewed = run.result.startSkewMs > MAX_START_SKEW * seconds * 1000
    ? `the load hosts' wrk started ${run.result.startSkewMs} ms apart (> ${MAX_START_SKEW * 100} % of the ${seconds.toFixed(1)} s run)` : null;
  const reason = failureReason(counts, died) ?? skewed;
  const sampled = summarise(from, to, pinning);
  progress.rate?.(counts.successes / seconds);
  return {
    generator: 'wrk',
    throughput: throughput(counts.successes, seconds * 1000),
    samples: counts.samples, successes: counts.successes, errors: counts.errors,
    errorRate: counts.samples ? counts.errors / counts.samples : null, errorCodes: counts.errorCodes,
    created: extra.created + counts.created, unanswered: extra.unanswered + counts.unanswered,
    latencyMs: latencyOf(run.result.latencyUs), elapsed: [],
    window: { from, to, seconds },
    ...sampled,
    ...(run.result.hosts ? { startSkewMs: run.result.startSkewMs, loadgens: perLoadHost(sampled.loadgens, run.result.hosts) } : {}),
    ...(database ? { database: { counters: database, perBooking: perBooking(database, { bookings: counts.created, seconds,
      databaseCpuPercent: sampled.databaseCpuPercent }) } } : {}),
    raw: join(dir, 'wrk.json'), died, failed: Boolean(reason), ...(reason ? { reason } : {}),
  };
}

/**
 * One measured ab run (make aio: the AIO write-up's `ab -n 30000 -c 300`, no warm-up of its own: the caller decides
 * whether the server is fresh or warm), sampled as a wrk run is, so its row gets the same bottleneck verdict. ab
 * counts requests, not time: the window is the process's life, a second or a few, so its CPU figures rest on a few
 * one-second samples. Latencies are ab's percentile table (whole ms, each request's connect to last byte): p50, p90,
 * p99 and its 100 % as max, no p99.9; the whole table stays in `percentilesMs`.
 */
export async function measureAb({ server, step, dir, loadgenCpus, pinning, progress }) {
  mkdirSync(dir, { recursive: true });
  progress.phase('measure');
  const probes = startProbes(server.pid, server.on);
  const began = Date.now();
  const run = await runAb({ host: server.host, port: server.port, requests: step.requests, concurrency: step.users,
    cpus: loadgenCpus, onSpawn: (pid) => probes.generator(pid) });
  const ended = Date.now();
  const summarise = probes.stop();
  const died = await processDied(server.pid, server.on);
  writeFileSync(join(dir, 'ab.txt'), run.text);
  const r = run.result;
  if (run.exitCode !== 0 || !r) return failedRun(`ab exited with ${run.exitCode}: ${run.output}`, { died });
  const errors = r.failed + r.non2xx + (step.requests - r.complete);
  const counts = { successes: r.complete - r.failed - r.non2xx, samples: step.requests, errors };
  const reason = failureReason(counts, died);
  const p = r.percentilesMs;
  progress.rate?.(r.requestsPerSecond);
  return {
    generator: 'ab',
    throughput: throughput(counts.successes, r.seconds * 1000),
    ...counts, errorRate: errors / step.requests,
    errorCodes: Object.fromEntries([['failed (ab)', r.failed], ['non-2xx', r.non2xx]].filter(([, n]) => n)),
    latencyMs: { p50: p['50'] ?? null, p90: p['90'] ?? null, p99: p['99'] ?? null, 'p99.9': null, max: p['100'] ?? null },
    percentilesMs: p, bytesPerResponse: r.bytesPerResponse, elapsed: [],
    window: { from: began, to: ended, seconds: r.seconds },
    ...summarise(began, ended, pinning),
    raw: join(dir, 'ab.txt'), died, failed: Boolean(reason), ...(reason ? { reason } : {}),
  };
}

/** Each load host's share of a run: its connections and rate (wrk) beside its generator's CPU and its CPUs' busy. */
export function perLoadHost(sampled = [], hosts) {
  return hosts.map((h) => ({ address: h.address, connections: h.connections, ratePerSecond: Math.round(h.ratePerSecond),
    ...sampled.find((l) => l.address === h.address) }));
}

export function failedRun(reason, extra = {}) {
  return { throughput: 0, samples: 0, successes: 0, errors: 0, elapsed: [], resources: {}, created: 0, failed: true, reason, ...extra };
}
