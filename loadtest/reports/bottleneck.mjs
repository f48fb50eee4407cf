// Which part of the rig limited a run, measured, never assumed: the server when its process tree used ≥ 90 %
// of its CPUs; otherwise the load generator or the database when their CPUs (whoever kept them busy) were
// ≥ 90 % busy. Where the generator and MariaDB share CPUs (2 cores: CPU 0), the one whose processes used more
// of them is named. Nothing saturated means the run waited on something else (locks, round trips, the kernel).
import { cpuList } from '../sampling/sampler.mjs';

export const SATURATED = 90;

const sameCpus = (a, b) => a && b && cpuList(a).join() === cpuList(b).join();
// The generator's and the database's CPUs are one set when the lists match on one kernel (pinning.machines: each
// role's host's boot id, recorded when they run on hosts of their own; network namespaces share a kernel).
const shareCpus = (pinning) => sameCpus(pinning.loadgen, pinning.db)
  && (!pinning.machines || pinning.machines.loadgen === pinning.machines.db);

/**
 * m: { serverCpuPercent (process tree, 100 = one core), pinning: { server, db, loadgen }, busy: { loadgen, db }
 * (% of those CPUs, /proc/stat), generatorCpuPercent, databaseCpuPercent (processes, 100 = one core) }.
 * Returns { bound: 'server' | 'generator' | 'database' | 'none' | null, serverPercent, … } (null: not measured).
 */
export function bottleneck({ serverCpuPercent, pinning, busy = {}, generatorCpuPercent = null, databaseCpuPercent = null }) {
  if (serverCpuPercent == null || !pinning?.server) return { bound: null };
  const serverPercent = serverCpuPercent / cpuList(pinning.server).length;
  const figures = { serverPercent, loadgenBusy: busy.loadgen ?? null, dbBusy: busy.db ?? null,
    generatorCpuPercent, databaseCpuPercent };
  if (serverPercent >= SATURATED) return { bound: 'server', ...figures };
  const loadgen = busy.loadgen >= SATURATED;
  const db = busy.db >= SATURATED;
  if (loadgen && db && shareCpus(pinning)) {
    const bound = (databaseCpuPercent ?? 0) > (generatorCpuPercent ?? 0) ? 'database' : 'generator';
    return { bound, shared: true, ...figures };
  }
  if (loadgen && db) return { bound: busy.db > busy.loadgen ? 'database' : 'generator', ...figures };
  if (loadgen) return { bound: 'generator', ...figures };
  if (db) return { bound: 'database', ...figures };
  return { bound: 'none', ...figures };
}

/** Successful requests per second of the server's CPU time (100 % = one core-second per second). */
export function perCpuSecond(throughput, serverCpuPercent) {
  return throughput > 0 && serverCpuPercent > 0 ? throughput / (serverCpuPercent / 100) : null;
}

const pct = (v) => (v == null ? '?' : `${Math.round(v)}%`);

/** The bottleneck in a few words with its evidence: "server 99%", "generator: CPU 0 97% busy (wrk 88%, MariaDB 2%)". */
export function describeBound(b, pinning) {
  if (!b?.bound) return 'not measured';
  const loadgen = `CPU ${pinning?.loadgen ?? '?'}`;
  const shared = b.shared ? ` (generator ${pct(b.generatorCpuPercent)}, MariaDB ${pct(b.databaseCpuPercent)})` : '';
  switch (b.bound) {
    case 'server': return `server ${pct(b.serverPercent)}`;
    case 'generator': return `generator: ${loadgen} ${pct(b.loadgenBusy)} busy${shared}`;
    case 'database': return `database: CPU ${pinning?.db ?? '?'} ${pct(b.dbBusy)} busy${shared}`;
    default: return `none saturated (server ${pct(b.serverPercent)}, ${loadgen} ${pct(b.loadgenBusy)})`;
  }
}

/** Short tag for the plain-text table. */
export const BOUND_TAG = { server: 'SERVER', generator: 'GEN-BOUND', database: 'DB-BOUND', none: 'UNSATURATED' };

/**
 * Rows ranked by throughput, except generator-bound ones: their req/s is the generator's, so they are never
 * ranked by it against each other. They follow the ranked rows, in order of requests per server CPU-second.
 */
export function rankRows(rows) {
  const bound = (r) => r.bottleneck?.bound === 'generator';
  const byRate = (a, b) => (b.throughput?.median ?? -1) - (a.throughput?.median ?? -1);
  const byCpu = (a, b) => (b.perCpuSecond ?? -1) - (a.perCpuSecond ?? -1);
  return { ranked: rows.filter((r) => !bound(r)).sort(byRate), bound: rows.filter(bound).sort(byCpu) };
}
