#!/usr/bin/env node
// make calibrate TFB_DIR=<a checkout of TechEmpower/FrameworkBenchmarks>: each stack beside the public best-tuned
// entry of its framework (its stack.json's `calibration`), measured the bench's way: the entry built as its
// Dockerfile builds it (in a copy under .run/calibrate/, nothing of it kept in this repository), wrk on LOADGEN_CPUS.
// A framework TechEmpower has no entry of is measured against the one written here in its place (`calibration.own`,
// beside this file) as well as against the nearest entry (calibration.mjs entriesOf).
// Each round starts both servers, pinned to the same SERVER_CPUS (their ports differ), warms each until its rate is
// steady, then measures them in turn, PAIRS times, in alternating order: the two sides of a pair are seconds apart,
// so the drift of a shared machine over minutes falls on both. Only one side is loaded at a time; the other idles.
// Our /hello against their plaintext URL; our echo beside their json URL for the record, with no verdict (not the same
// work: calibration.mjs COUNTERPARTS). Writes .run/calibrate/<time>/CALIBRATION.md and calibration.json, and
// prints the table.
//   CALIBRATE_ROUNDS (2: each a fresh start of both sides), CALIBRATE_PAIRS (3 per round), CALIBRATE_SECONDS (10),
//   CALIBRATE_CONNECTIONS (100), STACKS (default: every stack that names an entry), WORKLOADS (default: hello and echo)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, RUN_DIR, loadStacks, select } from '../../lib/stacks.mjs';
import { findJavaHome } from '../../lib/java.mjs';
import { start, stop, tail, logFile, waitServing } from '../../lib/processes.mjs';
// As long as a JVM on one pinned core may take to answer its first request.
const STARTUP_MS = 120_000;
import { bottleneck } from '../../../loadtest/reports/bottleneck.mjs';
import { calibrationTable, entriesOf, entryEnv, expandVars, missingFlags, overridesOf, summariseRounds } from './calibration.mjs';
import { selectPinning } from '../../../loadtest/run/profiles.mjs';
import { measureWrk, warmUntilSteady, wrkOptions } from '../../../loadtest/run/run.mjs';
import { startStack } from '../../../loadtest/run/servers.mjs';
import { ensureWrk, wrkVersion } from '../../../loadtest/generators/wrk.mjs';

const env = process.env;
if (!env.TFB_DIR) {
  console.error('calibrate: TFB_DIR=<a checkout of https://github.com/TechEmpower/FrameworkBenchmarks> is required');
  process.exit(2);
}
const TFB_DIR = resolve(env.TFB_DIR);
const ROUNDS = Number(env.CALIBRATE_ROUNDS || 2);
const PAIRS = Number(env.CALIBRATE_PAIRS || 3);
const SECONDS = Number(env.CALIBRATE_SECONDS || 10);
const CONNECTIONS = Number(env.CALIBRATE_CONNECTIONS || 100);
// A JVM on one saturated core compiles in steps with plateaus of 10 s and more between them, for a minute or more
// (TechEmpower's spring-webflux plaintext here: 2.7k, 4.9k, 5.5k, 10k, 27k, 33k req/s in 10 s runs): at least 60 s,
// then steady over two windows of 15 s.
// Node compiles its hot path in seconds: 10 s before the same rule.
const WARMUP = { minSeconds: 60, maxSeconds: 180, chunkSeconds: 5, window: 3, tolerance: 0.05 };
const warmupFor = (runtime) => (runtime === 'node' ? { ...WARMUP, minSeconds: 10 } : WARMUP);
// Between the windows of a warm server: its connections opened again and the other side's traffic out of the caches.
const SETTLE = { minSeconds: 3, maxSeconds: 3, chunkSeconds: 3, window: 1, tolerance: 1 };
const HERE = join(RUN_DIR, 'calibrate');
const pinning = selectPinning(availableParallelism());
const JAVA_HOME = findJavaHome(env);
const quiet = { phase() {}, rate() {} };

const TFB_COMMIT = (() => {
  const r = spawnSync('git', ['-C', TFB_DIR, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
})();

// What a build that reads STACK_DIR may read there: a version bumped in it, or a change to the build script it
// names there ($STACK_DIR/calibration-build.sh), makes the entry's copy stale.
const STACK_MANIFESTS = ['pom.xml', 'package.json', 'package-lock.json'];

function manifestsHash(stackDir, build) {
  const named = [...build.matchAll(/\$STACK_DIR\/([\w./-]+)/g)].map((m) => m[1]);
  const hash = createHash('sha256');
  for (const file of [...STACK_MANIFESTS, ...named].map((f) => join(stackDir, f)).filter(existsSync)) hash.update(readFileSync(file));
  return hash.digest('hex');
}

/** The entry copied out of the checkout and built there (MVNW: our Maven wrapper; STACK_DIR: our stack, for a version
 * read from its pom), unless that copy was built by the same command from the same manifests already. An own entry
 * runs in the stack's directory from what the stack's build made. */
function build(entry) {
  if (entry.own) return { dir: entry.dir };
  const dir = join(HERE, 'entries', entry.name);
  const marker = join(dir, '.calibrate-built');
  const ours = entry.build.includes('STACK_DIR') ? `${manifestsHash(entry.stackDir, entry.build)}\n` : '';
  const stamp = `${TFB_COMMIT}\n${entry.build}\n${ours}`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === stamp) return { dir };
  rmSync(dir, { recursive: true, force: true });
  cpSync(entry.dir, dir, { recursive: true });
  console.log(`calibrate: building ${entry.name}: ${entry.build}`);
  const r = spawnSync('sh', ['-c', entry.build], { cwd: dir, encoding: 'utf8', env: { ...env, JAVA_HOME, MVNW: join(ROOT, 'mvnw'), STACK_DIR: entry.stackDir } });
  if (r.status !== 0) {
    const why = `${r.stdout}${r.stderr}`.split('\n').filter((l) => /ERROR|error|ERR!/.test(l)).slice(0, 3).join(' ');
    return { error: `could not build ${entry.name}: ${why || `exit ${r.status}`}` };
  }
  writeFileSync(marker, stamp);
  return { dir };
}

async function startEntry(entry, dir, ourKeys) {
  const target = { id: `${entry.own ? 'own' : 'tfb'}-${entry.name}`, stack: { name: entry.name, dir, start: entry.start } };
  const pid = start(target, { ...entryEnv(env, entry, ourKeys), JAVA_HOME, SERVER_CPUS: pinning.server, ...(entry.own ? { PORT: String(entry.port) } : {}) });
  const first = Object.values(entry.paths)[0];
  if ((await waitServing(`http://127.0.0.1:${entry.port}${first}`, pid, STARTUP_MS)) !== 'serving') {
    await stop(pid);
    throw new Error(`${entry.name} did not answer ${first} on port ${entry.port}; last log lines (${logFile(target)}):\n${tail(logFile(target), 10)}`);
  }
  return { name: target.id, host: '127.0.0.1', port: entry.port, pid, stop: () => stop(pid) };
}

async function measureSide({ server, workload, path }, dir) {
  const m = await measureWrk({ server, workload, step: { users: CONNECTIONS, durationSeconds: SECONDS, ...(path ? { path } : {}) },
    profile: { warmup: { steady: SETTLE } }, dir, loadgenCpus: pinning.loadgen, pinning, progress: quiet });
  const serverCpuPercent = m.resources?.cpuMeanPercent ?? null;
  const b = bottleneck({ serverCpuPercent, pinning, busy: m.busy, generatorCpuPercent: m.generatorCpuPercent, databaseCpuPercent: m.databaseCpuPercent });
  const run = { throughput: m.failed ? null : m.throughput, serverCpuPercent, bound: b.bound, generatorCpuPercent: m.generatorCpuPercent ?? null,
    ...(m.failed ? { reason: m.reason } : {}) };
  console.log(`  ${server.name} ${workload}${path ? ` (${path})` : ''}: ${Math.round(run.throughput ?? 0)} req/s, server ${Math.round(serverCpuPercent ?? 0)} %, ` +
    `wrk ${Math.round(run.generatorCpuPercent ?? 0)} %, bound ${run.bound}${m.failed ? `: ${m.reason}` : ''}`);
  return run;
}

/** Warms a side until its rate is steady, with no measured window after it: the pairs are the measurements. */
async function warmSide({ server, workload, path }, warmup) {
  const warm = await warmUntilSteady(wrkOptions({ server, workload, step: { users: CONNECTIONS, path }, loadgenCpus: pinning.loadgen }), warmup);
  if (warm.failed) throw new Error(`${server.name} ${workload}: ${warm.reason}`);
  console.log(`  ${server.name} ${workload}${path ? ` (${path})` : ''}: warmed ${warm.seconds} s${warm.steady ? '' : ' (still climbing)'}, ` +
    `last rates ${warm.rates.slice(-3).join(', ')} req/s`);
  return { seconds: warm.seconds, steady: warm.steady };
}

/** An entry that will not be read, built or started is its own row, not the end of the others'. */
function failedRow(target, entryName, error) {
  console.error(error.message);
  const why = error.message.split('\n').find((l) => /Exception:|Error:/.test(l))?.trim() ?? error.message.split('\n')[0];
  return { rows: [{ stack: target.id, workload: 'hello', entry: entryName, error: `could not run: ${why}` }], drift: [] };
}

async function calibrateStack(target, runDir) {
  let entries;
  try {
    entries = entriesOf(target.stack, TFB_DIR);
  } catch (error) {
    return failedRow(target, target.stack.calibration.entry.split('/').at(-1), error);
  }
  const results = [];
  for (const entry of entries) results.push(await calibrateAgainst(target, entry, runDir).catch((error) => failedRow(target, entry.name, error)));
  return { rows: results.flatMap((r) => r.rows), drift: results.flatMap((r) => r.drift) };
}

async function calibrateAgainst(target, entry, runDir) {
  const workloads = Object.keys(entry.paths).filter((w) => !env.WORKLOADS || env.WORKLOADS.split(',').includes(w));
  if (!workloads.length) return { rows: [], drift: [] }; // an own entry has hello only: WORKLOADS=echo leaves it nothing
  const overrides = overridesOf({ ...target.stack.env, ...(target.variant?.env ?? {}) }, env);
  const rows = workloads.map((workload) => ({ stack: target.id, workload, entry: entry.name, path: entry.paths[workload], ceiling: entry.ceiling,
    overrides, rounds: [], warmups: [] }));
  const drift = entry.dockerfile && existsSync(entry.dockerfile) ? missingFlags(readFileSync(entry.dockerfile, 'utf8'), expandVars(entry.start, entry.env)) : [];
  const built = build(entry);
  if (built.error) return { rows: rows.map((r) => ({ ...r, error: built.error })), drift };
  for (let round = 0; round < ROUNDS; round++) {
    const servers = {};
    try {
      servers.ours = await startStack(target, pinning.server, console.log);
      servers.theirs = await startEntry(entry, built.dir, Object.keys(target.stack.env));
      // Ours on its own workload; theirs on its URL for it, measured as a plain GET.
      const sideOf = (side, workload) => (side === 'ours'
        ? { server: servers.ours, workload }
        : { server: servers.theirs, workload: 'hello', path: entry.paths[workload] });
      for (const workload of workloads) {
        const row = rows.find((r) => r.workload === workload);
        const first = round % 2 === 0 ? ['ours', 'theirs'] : ['theirs', 'ours'];
        // The entry is in the stack's language (TechEmpower files it under it): the same runtime's warm-up.
        for (const side of first) row.warmups.push({ round: round + 1, side, ...(await warmSide(sideOf(side, workload), warmupFor(target.stack.runtime))) });
        for (let pair = 0; pair < PAIRS; pair++) {
          const result = { round: round + 1 };
          const order = (round + pair) % 2 === 0 ? first : [...first].reverse();
          for (const side of order) {
            result[side] = await measureSide(sideOf(side, workload), join(runDir, target.id.replace(':', '--'), entry.name, `${workload}-${round + 1}-pair${pair + 1}-${side}`));
          }
          row.rounds.push(result);
        }
      }
    } finally {
      for (const server of Object.values(servers)) await server.stop();
    }
  }
  return { rows: rows.map((r) => ({ ...r, summary: summariseRounds(r.rounds) })), drift };
}

async function main() {
  ensureWrk();
  const chosen = select(loadStacks(), env.STACKS || '', { withVariants: false }).filter((t) => t.stack.calibration?.entry);
  if (!chosen.length) throw new Error('calibrate: no chosen stack names a TechEmpower entry (stack.json "calibration")');
  const runDir = join(HERE, new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z'));
  mkdirSync(runDir, { recursive: true });
  console.log(`calibrate: ${chosen.map((t) => t.id).join(', ')} against ${TFB_DIR} (${TFB_COMMIT}); ${ROUNDS} rounds of ${PAIRS} pairs of ${SECONDS} s, ` +
    `${CONNECTIONS} connections, server CPUs ${pinning.server}, wrk on ${pinning.loadgen}`);
  const rows = [];
  const drift = [];
  for (const target of chosen) {
    console.log(`\n${target.id} against ${[target.stack.calibration.entry, target.stack.calibration.own?.name].filter(Boolean).join(' and ')}`);
    const result = await calibrateStack(target, runDir);
    rows.push(...result.rows);
    if (result.drift.length) drift.push(`${target.stack.calibration.entry}: its Dockerfile's ${result.drift.join(' ')} not in our start of it`);
  }
  const table = calibrationTable(rows);
  const conditions = `TechEmpower checkout ${TFB_COMMIT}; ${cpus()[0]?.model ?? 'CPU ?'} × ${availableParallelism()}; server on CPU ${pinning.server}, ` +
    `wrk ${wrkVersion()} (-c${CONNECTIONS}) on CPU ${pinning.loadgen}; ${ROUNDS} rounds (a fresh start of both) of ${PAIRS} pairs of ${SECONDS} s windows in alternating order, ` +
    'both warmed until steady first; ' +
    'a verdict only where both sides do the same work.';
  writeFileSync(join(runDir, 'calibration.json'), `${JSON.stringify({ tfbDir: TFB_DIR, tfbCommit: TFB_COMMIT, pinning, rounds: ROUNDS, pairs: PAIRS, seconds: SECONDS, connections: CONNECTIONS, rows, drift }, null, 2)}\n`);
  writeFileSync(join(runDir, 'CALIBRATION.md'), `# Calibration against TechEmpower's entries\n\n${conditions}\n\n${table}\n${drift.length ? `\n${drift.map((d) => `- ${d}`).join('\n')}\n` : ''}`);
  console.log(`\n${table}\n${drift.map((d) => `note: ${d}`).join('\n')}\n\n${conditions}\nwritten to ${runDir}`);
  if (rows.some((r) => r.error || !r.summary || r.summary.ratio == null)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
