// One measured run against a server that is already up. Time-bound steps are ONE JMeter process (one JVM,
// so it is as warm in the measured window as the server): ramp-up, then the warm-up at full concurrency,
// then the measured window; the JTL reader keeps only the samples that start inside that window. Loop-bound
// steps (seed's echo and bookings: N requests per user) keep a separate, time-bound warm-up JMeter run
// before the loops, because one thread group cannot be "a duration, then N loops": their generator JVM
// starts cold, which the README says. The dashboard is generated afterwards from the trimmed JTL.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runJmeter, generateDashboard } from '../jmeter.mjs';
import { STATIC_ROOT } from '../../scripts/lib/stacks.mjs';
import { exitOf } from '../../scripts/lib/processes.mjs';
import { readJtl, firstStartOf, unanswered } from './jtl.mjs';
import { throughput } from './stats.mjs';
import { startSampler, resourceSummary } from './sampler.mjs';

// Above this share of failed samples the run is failed: its throughput would be a fiction.
export const MAX_ERROR_RATE = 0.01;

/** Whether a server process has exited: through the runner's exit record when it started it, else kill 0. */
export async function processDied(pid) {
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
 * server: { name, host, port, pid }; returns { throughput, samples, successes, errors, errorRate, errorCodes,
 * created (201s of the whole JMeter run, warm-up included), unanswered (its samples without an HTTP status), elapsed, window, resources, jtl, dashboard,
 * failed, reason }.
 */
export async function measure({ server, workload, step, profile, corpus, dir, loadgenCpus, progress }) {
  const common = { workload, host: server.host, port: server.port, file: step.file, corpus, cpus: loadgenCpus,
    onSample: (line) => progress.sample(line) };
  mkdirSync(dir, { recursive: true });
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
  const sampler = startSampler(server.pid);
  const full = join(dir, 'full.jtl');
  const rampMs = profile.rampUpSeconds * 1000;
  const run = await runJmeter({ ...common, users: step.users, rampUpSeconds: profile.rampUpSeconds,
    // + 1 s: JMeter's clock starts a little before its first sample (t0 below), so without it the users
    // would stop just before the window ends; samples starting after the window are dropped.
    durationSeconds: loopBound ? 0 : profile.rampUpSeconds + profile.warmup.durationSeconds + step.durationSeconds + 1,
    loops: loopBound ? step.loops : -1, jtl: full });
  const samples = sampler.stop();
  const died = await processDied(server.pid);
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
    throughput: throughput(read.successes, to - from),
    samples: read.samples, successes: read.successes, errors: read.errors,
    errorRate: read.samples ? read.errors / read.samples : null, errorCodes: read.errorCodes,
    created: warmCreated + (read.codes['201'] ?? 0), unanswered: warmUnanswered + unanswered(read.codes), outsideWindow: read.before + read.after, malformed: read.malformed,
    elapsed: read.elapsed,
    window: { from, to, seconds: (to - from) / 1000 },
    resources: resourceSummary(samples, from, to),
    jtl, dashboard, died, failed: Boolean(reason), ...(reason ? { reason } : {}),
  };
}

export function failedRun(reason, extra = {}) {
  return { throughput: 0, samples: 0, successes: 0, errors: 0, elapsed: [], resources: {}, created: 0, failed: true, reason, ...extra };
}
