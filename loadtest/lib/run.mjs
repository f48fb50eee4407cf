// One measured run against a server that is already up: a warm-up (JIT, pools, connections; not recorded),
// then the measured JMeter run while the server's process tree is sampled, then the JTL read back.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runJmeter } from '../jmeter.mjs';
import { RUN_DIR } from '../../scripts/lib/stacks.mjs';
import { readJtl } from './jtl.mjs';
import { throughput } from './stats.mjs';
import { startSampler, resourceSummary } from './sampler.mjs';

/**
 * server: { name, host, port, pid }; returns { throughput, samples, errors, errorCodes, elapsed,
 * durationSeconds, resources, jtl, dashboard, failed, reason }.
 */
export async function measure({ server, workload, step, profile, corpus, dir, loadgenCpus, progress }) {
  const common = {
    workload, host: server.host, port: server.port, file: step.file, corpus,
    cpus: loadgenCpus, onSample: (line) => progress.sample(line),
  };
  mkdirSync(dir, { recursive: true });
  const warmupJtl = join(RUN_DIR, 'bench-warmup.jtl');
  progress.phase('warm-up');
  const warm = await runJmeter({
    ...common, users: Math.min(profile.warmup.users, step.users), rampUpSeconds: 0,
    durationSeconds: profile.warmup.durationSeconds, loops: -1, jtl: warmupJtl, dashboard: null,
  });
  rmSync(warmupJtl, { force: true });
  if (warm.exitCode !== 0) return failedRun(`JMeter warm-up exited with ${warm.exitCode}: ${warm.output ?? ''}`);

  progress.phase('measure');
  const sampler = startSampler(server.pid);
  const jtl = join(dir, 'results.jtl');
  const dashboard = profile.dashboards ? join(dir, 'dashboard') : null;
  const run = await runJmeter({
    ...common, users: step.users, rampUpSeconds: profile.rampUpSeconds,
    durationSeconds: step.durationSeconds ?? 0, loops: step.loops ?? -1, jtl, dashboard,
  });
  const samples = sampler.stop();
  if (run.exitCode !== 0) return failedRun(`JMeter exited with ${run.exitCode}: ${run.output ?? ''}`, { jtl });

  const read = await readJtl(jtl);
  return {
    throughput: throughput(read),
    samples: read.samples,
    errors: read.errors,
    errorCodes: read.errorCodes,
    elapsed: read.elapsed,
    durationSeconds: read.samples ? (read.lastEnd - read.firstStart) / 1000 : 0,
    // Only the seconds JMeter was actually sending: not its JVM start nor the dashboard generation.
    resources: resourceSummary(samples, read.firstStart, read.lastEnd + 1000),
    jtl, dashboard, failed: false,
  };
}

export function failedRun(reason, extra = {}) {
  return { throughput: 0, samples: 0, errors: 0, elapsed: [], resources: {}, failed: true, reason, ...extra };
}
