#!/usr/bin/env node
// `make aio`: the "Java AIO (NIO.2) vs NodeJS" write-up reproduced (README.md beside this file). Its two hello servers
// (this folder: the NIO.2 one and plain node:http), the /hello of a Node stack and a JVM stack for scale, and nginx as
// the generators' ceiling, each on SERVER_CPUS, the generators on LOADGEN_CPUS, as the bench pins them. Each repeat
// starts every server afresh and runs, in turn:
//   1. the write-up's command, `ab -n 30000 -c 300`, right after the start (as the write-up ran it: no warm-up);
//   2. wrk as the bench runs it: warmed up until its rate is steady, then 10 s measured, on the write-up's 300
//      connections (kept alive, where ab opens one per request);
//   3. the write-up's command again, on the now warm server.
// Every run is sampled and judged as a bench row is (server, generator and MariaDB CPU: loadtest/reports/bottleneck.mjs). Writes
// results/aio/<time>/ (ab's and wrk's raw output, summary.json, REPORT.md with the write-up's claims judged),
// points results/aio/latest at it and prints the rows, ab's percentile tables beside the write-up's, and the claims.
//   REPEAT (1): fresh starts of every server; AIO_SECONDS (10): wrk's measured run; STACKS: the stacks beside the
//   baselines (default the stacks whose stack.json has "make aio" in its defaultIn: the plainest Node and JVM
//   stacks; "none" for the baselines alone).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, constants } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ROOT, defaultStacks, loadStacks, select } from '../../lib/stacks.mjs';
import { findJavaHome } from '../../lib/java.mjs';
import { start, stop, tail, logFile, waitServing } from '../../lib/processes.mjs';
// As long as a JVM on one pinned core may take to answer its first request.
const STARTUP_MS = 120_000;
import { abVersion, ensureAb, WRITEUP } from '../../../loadtest/generators/ab.mjs';
import { ensureWrk, wrkVersion } from '../../../loadtest/generators/wrk.mjs';
import { ensureNginx, freePort, nginxVersion, startNginx } from '../../../loadtest/ceilings/ceiling.mjs';
import { ensureDatabase, connect, serverVersion } from '../../../loadtest/run/db.mjs';
import { selectPinning } from '../../../loadtest/run/profiles.mjs';
import { measureAb, measureWrk, failedRun } from '../../../loadtest/run/run.mjs';
import { stopGenerators } from '../../../loadtest/generators/generator-process.mjs';
import { startStack } from '../../../loadtest/run/servers.mjs';
import { buildRow, environment } from '../../../loadtest/reports/summary.mjs';
import { formatTable } from '../../../loadtest/reports/table.mjs';
import { abPercentileTable } from '../../../loadtest/reports/report.mjs';
import { loadClaims, evaluateClaims } from '../../../loadtest/reports/claims.mjs';
import { writeReport } from '../../../loadtest/report.mjs';

const env = process.env;
const REPEAT = Number(env.REPEAT || 1);
const SECONDS = Number(env.AIO_SECONDS || 10);
const pinning = selectPinning(availableParallelism());
const quiet = { phase() {}, rate() {}, sample() {}, note: (line) => console.log(line) };
// The bench's quick warm-up: 1 s wrk runs until the median of the last five is not above the five before by 5 %.
const WARMUP = { minSeconds: 5, maxSeconds: 60, window: 5 };
// nginx compiles nothing: its warm-up only opens wrk's connections, and a noisy machine's rates are steady enough then.
const NGINX_WARMUP = { minSeconds: 3, maxSeconds: 15, window: 3 };

// The write-up's servers, started as stacks are (pinned, own process group, a log under .run/), reached on /hello.
const AIO_DIR = join(ROOT, 'harness/reproductions/aio');
export const BASELINES = [
  { id: 'aio-nio2', runtime: 'java', start: '$JAVA_HOME/bin/java -XX:+UseParallelGC -Xms256m -Xmx1g -jar target/aio-nio2.jar' },
  { id: 'aio-node', runtime: 'node', start: 'node node-hello.mjs' },
];

// The steps, in the order each start runs them; `where` of the write-up's claims (seed-claims.json) reads these.
const STEPS = {
  fresh: { label: 'hello@ab-fresh', step: { users: WRITEUP.concurrency, requests: WRITEUP.requests, generator: 'ab', warm: false,
    note: 'ab -n 30000 -c 300 right after the start, as the write-up ran it (a new connection per request)' } },
  wrk: { label: 'hello@wrk', step: { users: WRITEUP.concurrency, durationSeconds: SECONDS, generator: 'wrk',
    note: 'wrk, warmed up until steady (connections kept alive)' } },
  warm: { label: 'hello@ab-warm', step: { users: WRITEUP.concurrency, requests: WRITEUP.requests, generator: 'ab', warm: true,
    note: 'ab -n 30000 -c 300 again, after the wrk run (a new connection per request)' } },
};

/** Starts a baseline as startStack starts a stack; onStarted(server) as soon as its process exists. */
async function startBaseline(baseline, onStarted) {
  const target = { id: baseline.id, stack: { name: baseline.id, dir: AIO_DIR, start: baseline.start } };
  const port = await freePort();
  const pid = start(target, { ...env, PORT: String(port), SERVER_CPUS: pinning.server,
    ...(baseline.runtime === 'java' ? { JAVA_HOME: findJavaHome(env) } : {}) });
  onStarted({ name: baseline.id, pid, stop: () => stop(pid) });
  if ((await waitServing(`http://127.0.0.1:${port}/hello`, pid, STARTUP_MS)) !== 'serving') {
    await stop(pid);
    throw new Error(`${baseline.id} did not answer /hello; last log lines (${logFile(target)}):\n${tail(logFile(target), 10)}`);
  }
  return { name: baseline.id, host: '127.0.0.1', port, pid, stop: () => stop(pid) };
}

const results = new Map(); // "server|label" → { server, workload, label, step, repeats }

function record(server, { label, step }, repeat, outcome) {
  const key = `${server}|${label}`;
  if (!results.has(key)) results.set(key, { server, workload: 'hello', label, step, repeats: [] });
  for (const file of ['raw']) if (outcome[file]) outcome[file] = relative(runDir, outcome[file]);
  results.get(key).repeats.push({ repeat, ...outcome });
  const r = outcome.failed ? `FAILED: ${outcome.reason}` : `${Math.round(outcome.throughput)} req/s, p99 ${outcome.latencyMs?.p99} ms, ` +
    `server ${Math.round(outcome.resources?.cpuMeanPercent ?? 0)} %, ${outcome.generator} ${Math.round(outcome.generatorCpuPercent ?? 0)} %`;
  console.log(`  ${server} ${label} #${repeat}: ${r}`);
}

const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
const aioRoot = join(resolve(ROOT, env.RESULTS_DIR || 'results'), 'aio');
const runDir = join(aioRoot, stamp);
const dirOf = (server, label, repeat) => join(runDir, server.replace(/[^\w.-]+/g, '_'), label.replace('@', '-'), String(repeat));

/** The three steps on a started server; a step that throws is recorded as failed and the next one still runs. */
async function measureServer(name, server, repeat) {
  const base = { server, loadgenCpus: pinning.loadgen, pinning, progress: quiet };
  for (const key of ['fresh', 'wrk', 'warm']) {
    const { label, step } = STEPS[key];
    const dir = dirOf(name, label, repeat);
    const outcome = await (key === 'wrk'
      ? measureWrk({ ...base, workload: 'hello', step, profile: { warmup: { steady: WARMUP } }, dir })
      : measureAb({ ...base, step, dir })).catch((error) => failedRun(error.message));
    record(name, STEPS[key], repeat, outcome);
  }
}

let current = null; // the server up right now (from the moment its process exists), stopped on Ctrl-C too
let interrupted = false;

async function main() {
  ensureAb();
  ensureWrk();
  ensureNginx();
  // The stacks answer /health from MariaDB, pinned to DB_CPUS as the bench pins it.
  ensureDatabase(pinning.db);
  const db = await connect();
  const mariadb = await serverVersion(db);
  await db.end();
  const stacks = env.STACKS === 'none' ? [] : select(loadStacks(), env.STACKS || defaultStacks(loadStacks(), 'make aio'), { withVariants: false });
  if (stacks.length) {
    const build = spawnSync(process.execPath, [join(ROOT, 'harness/runtimes/native/stacks.mjs'), 'build', ...stacks.map((t) => t.id)], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`building ${stacks.map((t) => t.id).join(', ')} failed`);
  }
  mkdirSync(runDir, { recursive: true });
  console.log(`aio: ${[...BASELINES.map((b) => b.id), ...stacks.map((t) => t.id)].join(', ')} and the nginx ceiling; ${REPEAT} fresh start(s) each; ` +
    `server CPUs ${pinning.server}, generators on ${pinning.loadgen}`);

  const ceiling = {};
  try {
    current = await startNginx(pinning.server);
    const nginx = { name: 'nginx', ...current };
    for (const key of ['wrk', 'warm']) {
      const { label, step } = STEPS[key];
      ceiling[label] = key === 'wrk'
        ? await measureWrk({ server: nginx, workload: 'hello', step, profile: { warmup: { steady: NGINX_WARMUP } },
          dir: dirOf('nginx', label, 1), loadgenCpus: pinning.loadgen, pinning, progress: quiet })
        : await measureAb({ server: nginx, step, dir: dirOf('nginx', label, 1), loadgenCpus: pinning.loadgen, pinning, progress: quiet });
      console.log(`  nginx (ceiling) ${label}: ${Math.round(ceiling[label].throughput)} req/s`);
    }
    ceiling[STEPS.fresh.label] = ceiling[STEPS.warm.label];
  } catch (error) {
    console.error(`aio: the nginx ceiling did not run: ${error.message}`);
  } finally {
    await current?.stop();
    current = null;
  }

  for (let repeat = 1; repeat <= REPEAT; repeat++) {
    for (const server of [...BASELINES, ...stacks]) {
      const name = server.id;
      if (interrupted) return;
      const onStarted = (started) => { current = started; };
      try {
        current = BASELINES.includes(server) ? await startBaseline(server, onStarted)
          : await startStack(server, pinning.server, console.log, onStarted);
        await measureServer(name, current, repeat);
      } catch (error) {
        for (const key of ['fresh', 'wrk', 'warm']) record(name, STEPS[key], repeat, failedRun(`did not start: ${error.message}`));
      } finally {
        await current?.stop();
        current = null;
      }
    }
  }
  finish({ mariadb, stacks, ceiling });
  await writeReport(runDir);
}

function finish({ mariadb, stacks, ceiling }) {
  const ceilingRows = Object.entries(ceiling).filter(([label]) => label !== STEPS.fresh.label).map(([label, outcome]) => buildRow({
    server: 'nginx (ceiling)', workload: 'hello', label, step: Object.values(STEPS).find((s) => s.label === label).step,
    repeats: [{ repeat: 1, ...outcome }], pinning, ceiling: null }));
  // wrk's rows first: a claim without `where` (the bench's hello-nio2-vs-node) reads the first row of the most users.
  const order = [STEPS.wrk.label, STEPS.fresh.label, STEPS.warm.label];
  const rows = [...results.values()].sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label)).map((r) => buildRow({ ...r, pinning,
    ceiling: ceiling[r.label] && !ceiling[r.label].failed ? { throughput: ceiling[r.label].throughput } : null }));
  const e = environment({ pinning, javaHome: findJavaHome(), mariadb, jmeter: null, wrk: wrkVersion(), nginx: nginxVersion() });
  e.generator = `ab ${abVersion()} (apache2-utils), wrk ${e.wrk}`;
  e.libraries = {};
  const failed = rows.filter((r) => r.failed).length;
  const summary = { run: stamp, runtime: 'native', profile: 'aio', generator: 'ab+wrk',
    profileSettings: { repeat: REPEAT, warmup: { steady: WARMUP }, steps: Object.fromEntries(Object.values(STEPS).map((s) => [s.label, [s.step]])) },
    environment: e, ceiling: { server: e.nginx, rows: ceilingRows }, baselines: BASELINES.map((b) => b.id), stacks: stacks.map((t) => t.id),
    results: rows, latency: [], failedRuns: failed };
  writeFileSync(join(runDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  const latest = join(aioRoot, 'latest');
  rmSync(latest, { force: true });
  symlinkSync(stamp, latest);
  console.log(`\n${formatTable([...rows, ...ceilingRows])}\n`);
  const claims = loadClaims();
  for (const label of [STEPS.fresh.label, STEPS.warm.label]) console.log(`${label}: ab's percentile table (ms)\n${abPercentileTable(rows, label, claims)}\n`);
  for (const c of evaluateClaims(claims, rows).filter((x) => x.claim.source === claims.find((y) => y.id === 'hello-nio2-vs-node').source)) {
    console.log(`claim ${c.claim.id}: ${c.verdict}: ${c.detail} (write-up: ${c.claim.seedRatio}×)`);
  }
  console.log(`\naio: results in ${runDir} (REPORT.md)${failed ? `; ${failed} FAILED` : ''}`);
  if (failed) process.exitCode = 1;
}

// Ctrl-C: no further start, the generators and the server up stopped, then 128 + the signal's number.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    interrupted = true;
    stopGenerators();
    await current?.stop();
    process.exit(128 + constants.signals[signal]);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch(async (error) => {
    await current?.stop();
    console.error(`aio: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  });
}
