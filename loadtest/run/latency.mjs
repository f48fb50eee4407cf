// The latency step: open-loop runs at offered rates, lowest first, right after a stack's throughput on a
// workload (warm: no second warm-up), and again after every stack's throughput (a fresh start and a closed-loop
// warm-up) for the rates that could not be known then. Open loop: every request is due at
// its time whatever the server does, and its latency counts from then (oha --latency-correction, openloop.mjs),
// so a stall shows in the tail instead of being skipped. The rates: the same absolute ones for every stack
// (fractions of the slowest stack's maximum on that workload) plus each stack's own fractions of its maximum,
// never above half of what the open-loop generator itself can offer (measured against nginx): a generator
// asked for more than that would add its own queueing to the figures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOpenLoop } from '../generators/openloop.mjs';
import { luaCorpusOf } from '../generators/corpus.mjs';
import { startProbes, processDied, warmUntilSteady } from './run.mjs';
import { cpuList } from '../sampling/sampler.mjs';

// Rates within this share of each other are one step (the slowest stack's own fractions are the common ones).
const SAME_RATE = 0.03;
// The generator may be asked for at most this share of what it offered against nginx.
export const GENERATOR_SHARE = 0.5;
// An open-loop step kept up when it completed at least this share of the offered requests.
export const KEPT_UP = 0.97;

const pct = (f) => `${Math.round(f * 100)} %`;

/**
 * The offered rates for one stack, ascending: [{ rate, bases: [why], capped, wanted }]. slowest/own: the
 * slowest stack's and this stack's maximum (req/s); cap: the most the generator may be asked for.
 */
export function offeredRates({ slowest, own, common = [], ownFractions = [], cap = Infinity }) {
  const wanted = [
    ...common.map((f) => ({ wanted: f * slowest, basis: `${pct(f)} of the slowest stack's maximum` })),
    ...ownFractions.map((f) => ({ wanted: f * own, basis: `${pct(f)} of its own maximum` })),
  ].filter((w) => w.wanted > 0).sort((a, b) => a.wanted - b.wanted);
  const steps = [];
  for (const w of wanted) {
    // Never above the cap, even by rounding: half of a ceiling of 35,567.5 req/s is 17,783, not 17,784.
    const rate = Math.max(1, Math.min(Math.round(w.wanted), Math.floor(cap)));
    const last = steps.at(-1);
    if (last && rate <= last.rate * (1 + SAME_RATE)) {
      last.bases.push(w.basis);
      last.capped ||= w.wanted > cap;
      continue;
    }
    steps.push({ rate, bases: [w.basis], capped: w.wanted > cap, wanted: Math.round(w.wanted) });
  }
  return steps;
}

/**
 * The rates measured right after a stack's throughput came from the maxima known then: the slowest stack may
 * have run later. Returns the records whose rate is one of the final steps (within SAME_RATE), labelled with
 * that step's reasons; the final steps no record has measured (to run now); and the records at rates no
 * longer asked for (superseded: a later stack was slower).
 */
export function reconcile(steps, records) {
  const kept = [];
  const missing = [];
  const used = new Set();
  for (const step of steps) {
    const record = records.find((r) => !used.has(r) && Math.abs(r.rate - step.rate) <= SAME_RATE * step.rate);
    if (!record) { missing.push(step); continue; }
    used.add(record);
    kept.push({ ...record, bases: step.bases, capped: step.capped, wanted: step.wanted });
  }
  return { kept, missing, superseded: records.filter((r) => !used.has(r)) };
}

/** The record of a step that could not be measured, with why. */
export function failedStep(stack, workload, step, reason) {
  return { stack, workload, rate: step.rate, bases: step.bases, capped: step.capped, wanted: step.wanted, failed: true, reason };
}

/** Each stack's maximum on a workload: the best median throughput of its non-failed rows. */
export function maxima(rows, workload) {
  const best = new Map();
  for (const r of rows) {
    if (r.workload !== workload || r.failed || !(r.throughput?.median > 0)) continue;
    best.set(r.stack, Math.max(best.get(r.stack) ?? 0, r.throughput.median));
  }
  return best;
}

/**
 * The latency steps of one started stack: unless it has just been measured on this workload (warm), a
 * closed-loop warm-up with wrk; then one open-loop run per rate with the server, the generator, MariaDB and every
 * CPU sampled. Returns one record per rate.
 */
export async function measureLatency({ server, workload, rates, settings, profile, corpus, dir, pinning, progress,
  connections, warm: warmAlready = false }) {
  mkdirSync(dir, { recursive: true });
  const file = profile.steps[workload][0].file;
  const threads = Math.max(1, Math.min(cpuList(pinning.loadgen || '0').length, connections));
  if (!warmAlready) progress.phase(`warm-up ${workload}`);
  const warm = warmAlready ? { seconds: 0, created: 0, unanswered: 0 }
    : await warmUntilSteady({ workload, host: server.host, port: server.port, file, cpus: pinning.loadgen,
      corpus: corpus && luaCorpusOf(corpus), connections, threads }, settings.warmup, progress);
  if (warm.failed) {
    return { records: rates.map((step) => failedStep(server.name, workload, step, warm.reason)), created: warm.created,
      unanswered: warm.unanswered };
  }
  const records = [];
  let created = warm.created;
  let unanswered = warm.unanswered;
  for (const step of rates) {
    progress.phase(`open loop ${step.rate}/s`);
    const probes = startProbes(server.pid, server.on);
    const began = Date.now();
    const run = await runOpenLoop({ workload, host: server.host, port: server.port, rate: step.rate, seconds: settings.seconds,
      connections, file, corpus, cpus: pinning.loadgen, onSpawn: (pid) => probes.generator(pid) });
    const ended = Date.now();
    const summarise = probes.stop();
    writeFileSync(join(dir, `openloop-${step.rate}.json`), `${JSON.stringify(run.raw ?? null, null, 2)}\n`);
    const died = await processDied(server.pid, server.on);
    const r = run.result;
    created += r?.statuses?.['201'] ?? 0;
    unanswered += r ? r.unanswered : connections;
    const from = Math.max(began, ended - settings.seconds * 1000);
    const sampled = summarise(from, ended, pinning);
    const failed = run.exitCode !== 0 || !r || died;
    const errorRate = r && r.requests ? r.errors / r.requests : null;
    records.push({
      stack: server.name, workload, rate: step.rate, bases: step.bases, capped: step.capped, wanted: step.wanted,
      seconds: settings.seconds, connections, generator: 'oha', warmupSeconds: warm.seconds,
      after: warmAlready ? 'its throughput run' : 'a warm-up',
      achieved: r?.achieved ?? null, requests: r?.requests ?? 0, errors: r?.errors ?? 0, errorRate,
      errorCodes: r?.errorCodes ?? {}, latencyMs: r?.latencyMs ?? null,
      keptUp: Boolean(r && r.completed >= KEPT_UP * step.rate * settings.seconds),
      serverCpuPercent: sampled.resources.cpuMeanPercent, generatorCpuPercent: sampled.generatorCpuPercent,
      databaseCpuPercent: sampled.databaseCpuPercent, busy: sampled.busy,
      failed, ...(failed ? { reason: died ? 'the server process died during the run' : `oha exited with ${run.exitCode}: ${run.output}` } : {}),
    });
    if (died) break;
  }
  return { records, created, unanswered };
}
