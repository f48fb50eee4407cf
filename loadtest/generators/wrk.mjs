// wrk for the bench (Debian's package, the TechEmpower toolset's generator): installed from Debian packages
// when missing, run pinned to LOADGEN_CPUS with one of the Lua scripts in wrk/ per workload. Each script's
// done() prints one "WRK_RESULT {json}" line; that, not wrk's text summary, is what the bench reads. With several
// load hosts (LOADGEN_HOSTS) one wrk runs on each at once, the connections split between them, and their results
// are merged: counts summed, rates added, latency percentiles from the hosts' distributions (report.lua).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { ensureDebianPackage } from './apt.mjs';
import { runGenerator } from './generator-process.mjs';
import { LOADGENS } from '../sampling/remote.mjs';

const WRK = 'wrk';
const SCRIPTS = join(ROOT, 'loadtest/generators/wrk');
const DEFAULT_PAYLOAD = join(ROOT, 'spec/fixtures/events/seed.request.json');
// wrk's default of 2 s is the bookings acquire timeout itself (spec/API.md §6.5): a request answered just past it,
// or a stack that breaks it, must show as a slow answer, not vanish as a wrk timeout.
const TIMEOUT_SECONDS = 35;

export function ensureWrk() {
  ensureDebianPackage('wrk', 'the bench\'s throughput generator', () => spawnSync(WRK, ['-v']).error === undefined);
}

export function wrkVersion() {
  const r = spawnSync(WRK, ['-v'], { encoding: 'utf8' });
  return /^wrk (\S+)/m.exec(`${r.stdout}${r.stderr}`)?.[1] ?? null;
}

/**
 * The command line of one run: the workload's script, its URL and the arguments its init() reads. `path` replaces
 * the workload's own (make calibrate: a TechEmpower entry's /plaintext or /json, each a plain GET like hello).
 */
export function wrkArgs({ workload, host = '127.0.0.1', port, connections, threads = 1, durationSeconds,
  file = '1mb.bin', payload = DEFAULT_PAYLOAD, corpus, path: otherPath = null }) {
  if (!(Number(port) > 0)) throw new Error(`a port is required, got ${port}`);
  if (!(connections >= threads && threads >= 1)) throw new Error(`connections (${connections}) must be ≥ threads (${threads}) ≥ 1`);
  if (!(durationSeconds >= 1)) throw new Error(`durationSeconds must be ≥ 1, got ${durationSeconds}`);
  const base = `http://${host}:${port}`;
  const [script, path, extra] = {
    hello: ['get.lua', '/hello', []],
    static: ['get.lua', `/static/${file}`, []],
    echo: ['echo.lua', '/event', [payload]],
    bookings: ['bookings.lua', '/bookings', [corpus]],
  }[workload] ?? [];
  if (!script) throw new Error(`unknown workload "${workload}"`);
  if (otherPath && script !== 'get.lua') throw new Error(`only a GET workload takes another path, not ${workload}`);
  if (extra.some((x) => !x)) throw new Error(`${workload} needs its ${workload === 'echo' ? 'payload' : 'corpus'} file`);
  return ['-t', String(threads), '-c', String(connections), '-d', `${Math.round(durationSeconds)}s`,
    '--timeout', `${TIMEOUT_SECONDS}s`, '-s', join(SCRIPTS, script), `${base}${otherPath ?? path}`, ...(extra.length ? ['--', ...extra] : [])];
}

/** Reads the WRK_RESULT line of wrk's output; null when there is none. */
export function parseResult(output) {
  const line = output.split('\n').find((l) => l.startsWith('WRK_RESULT '));
  return line ? JSON.parse(line.slice('WRK_RESULT '.length)) : null;
}

/** `total` split over `n` parts as evenly as whole numbers allow, the larger shares first. */
export function shares(total, n) {
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}

// Several load hosts' wrk runs started further apart than this share of the duration do not measure one load.
export const MAX_START_SKEW = 0.05;
// together: each load host's wrk is started at one time this far ahead (each host's clock; ssh to two hosts took
// 0.3–0.6 s here, so wrks started on arrival were that far apart).
const START_LEAD_MS = 1500;

/**
 * Runs wrk once on each load host (`hosts`, default every one of LOADGEN_HOSTS), the connections split between
 * them, all at one time when `together` (else each as soon as it can); resolves { exitCode, result (the done() JSON, merged across hosts), output (its last lines) }. onSpawn(pid,
 * host) is called as soon as each process exists, so its CPU can be sampled.
 */
export async function runWrk({ cpus = '', onSpawn = () => {}, hosts = LOADGENS, together = false, ...options }) {
  if (hosts.length <= 1) return runWrkOn(hosts[0], options, { cpus, onSpawn });
  const used = hosts.slice(0, Math.min(hosts.length, options.connections));
  const connections = shares(options.connections, used.length);
  const startAt = together ? Date.now() + START_LEAD_MS : null;
  const parts = await Promise.all(used.map((host, i) => runWrkOn(host,
    { ...options, connections: connections[i], threads: Math.min(options.threads ?? 1, connections[i]) },
    { cpus, onSpawn, startAt, env: { WRK_QUANTILES: '1' } })));
  const failed = parts.find((p) => p.exitCode !== 0 || !p.result);
  if (failed) return { exitCode: failed.exitCode || 1, result: null, output: `on ${failed.host.address}: ${failed.output}` };
  return { exitCode: 0, output: parts.map((p) => `${p.host.address}: ${p.output}`).join('\n'),
    result: mergeResults(parts.map((p, i) => ({ address: p.host.address, connections: connections[i], startedAt: p.startedAt, result: p.result }))) };
}

async function runWrkOn(host, options, { cpus, onSpawn, env = {}, startAt = null }) {
  const { exitCode, stdout, stderr, startedAt } = await runGenerator(WRK, wrkArgs(options), { cpus, onSpawn, env, startAt, ...(host ? { host } : {}) });
  const lines = `${stdout}${stderr}`.split('\n').filter(Boolean);
  let result = null;
  try { result = parseResult(stdout); } catch (error) { lines.push(`unreadable WRK_RESULT: ${error.message}`); }
  return { host, exitCode, startedAt, result, output: lines.filter((l) => !l.startsWith('WRK_RESULT ')).slice(-20).join('\n') };
}

const sumOf = (objects) => {
  const total = {};
  for (const o of objects) for (const [k, n] of Object.entries(o ?? {})) total[k] = (total[k] ?? 0) + n;
  return total;
};

/**
 * One result from several hosts' (parts: { address, connections, startedAt, result }): requests, bytes, errors and
 * statuses summed; the duration their mean, so that requests ÷ duration is the sum of the hosts' rates; latency
 * min, max, mean and stdev pooled exactly, percentiles from their quantile grids (mergedPercentile); and `hosts`,
 * what each did, with `startSkewMs` between the first and the last start.
 */
export function mergeResults(parts) {
  const results = parts.map((p) => p.result);
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const durationUs = results.reduce((n, r) => n + r.durationUs, 0) / results.length;
  const lat = results.map((r) => r.latencyUs);
  const weight = (r) => r.requests / (requests || 1);
  const mean = results.reduce((m, r) => m + weight(r) * r.latencyUs.mean, 0);
  const variance = results.reduce((v, r) => v + weight(r) * (r.latencyUs.stdev ** 2 + (r.latencyUs.mean - mean) ** 2), 0);
  const percentiles = Object.fromEntries([50, 90, 99, 99.9].map((p) => [`p${p}`,
    mergedPercentile(results.map((r) => ({ count: r.requests, quantiles: r.latencyUs.quantiles })), p)]));
  const statuses = results.some((r) => r.statuses) ? sumOf(results.map((r) => r.statuses)) : undefined;
  const starts = parts.map((p) => p.startedAt).filter((t) => t != null);
  return {
    durationUs, requests, bytes: results.reduce((n, r) => n + r.bytes, 0), errors: sumOf(results.map((r) => r.errors)),
    latencyUs: { min: Math.min(...lat.map((l) => l.min)), max: Math.max(...lat.map((l) => l.max)), mean, stdev: Math.sqrt(variance), percentiles },
    ...(statuses ? { statuses } : {}),
    startSkewMs: starts.length === parts.length ? Math.max(...starts) - Math.min(...starts) : null,
    hosts: parts.map((p) => ({ address: p.address, connections: p.connections, startedAt: p.startedAt, durationUs: p.result.durationUs,
      requests: p.result.requests, ratePerSecond: p.result.requests / (p.result.durationUs / 1e6), latencyUs: p.result.latencyUs })),
  };
}

/**
 * The p-th percentile of several hosts' latencies together, from each one's count and quantile grid ([[percentile,
 * value]…], ascending): the least value v of any grid at which the requests known to be ≤ v (each host's largest
 * grid percentile whose value is ≤ v, times its count) reach p % of all. Never below the true percentile; above it
 * by at most each host's grid step at its own percentile there (0.5 % below its p90, 0.1 % to p99, 0.01 % to p99.9,
 * finer beyond): where the hosts' distributions are alike, one grid step at p.
 */
export function mergedPercentile(hosts, p) {
  const total = hosts.reduce((n, h) => n + h.count, 0);
  if (!total) return null;
  const below = (h, v) => {
    let best = 0;
    for (const [q, value] of h.quantiles) if (value <= v) best = q; else break;
    return (best / 100) * h.count;
  };
  const values = [...new Set(hosts.flatMap((h) => h.quantiles.map(([, v]) => v)))].sort((a, b) => a - b);
  for (const v of values) {
    if (hosts.reduce((n, h) => n + below(h, v), 0) >= (p / 100) * total - 1e-9) return v;
  }
  return values.at(-1);
}
