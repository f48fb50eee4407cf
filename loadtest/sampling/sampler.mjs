// Samples a server's whole process tree from /proc once a second: every descendant of the root pid (found
// by parent links, so workers forked by node:cluster or a JVM's helpers count) plus anything still in the
// root's process group. CPU % is the sum of utime+stime deltas over wall time (100 % = one core busy); the
// mean over a window is its total ticks over its total time, not a mean of per-second ratios. Memory is
// Pss (shared pages split among the processes sharing them, so forked workers are not double-counted) from
// /proc/<pid>/smaps_rollup when readable, RSS otherwise.
// In the compose runtime the server is a container: its pid is a local stand-in (servers.mjs), and the samples
// come from `docker stats` of that container instead (CPU of every process in it, memory without page cache).
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
const PAGE_BYTES = Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' })) || 4096;

// /proc/<pid>/stat: the command name (field 2) may contain spaces and parentheses, so split after the last ')'.
function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): ppid 4, pgrp 5, utime 14, stime 15, num_threads 20, rss 24 (pages).
    return { pid: Number(pid), ppid: Number(f[1]), pgrp: Number(f[2]), ticks: Number(f[11]) + Number(f[12]),
      threads: Number(f[17]), rssBytes: Number(f[21]) * PAGE_BYTES,
      command: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')) };
  } catch {
    return null; // exited between the listing and the read
  }
}

/** Pss of a process in bytes from smaps_rollup (kB), or its RSS when that is not readable. */
export function memoryBytes(p) {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p.pid}/smaps_rollup`, 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch { /* not ours to read, or gone */ }
  return p.rssBytes;
}

/** The live processes of the tree rooted at rootPid (and of its process group). */
export function processTree(rootPid) {
  const all = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(readStat).filter(Boolean);
  const children = new Map();
  for (const p of all) (children.get(p.ppid) ?? children.set(p.ppid, []).get(p.ppid)).push(p);
  const tree = new Map();
  const stack = all.filter((p) => p.pid === rootPid || p.pgrp === rootPid);
  while (stack.length) {
    const p = stack.pop();
    if (tree.has(p.pid)) continue;
    tree.set(p.pid, p);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return [...tree.values()];
}

/**
 * Starts sampling; returns { samples, stop() }; onSample(sample) is called with each as it is taken. Each sample: { t (epoch ms), seconds (since the previous),
 * ticks (CPU ticks in it), cpuPercent, rssBytes (Pss or RSS), threads, processes, commands }. A process that appears between samples contributes all its ticks; one that exits loses its
 * last partial second (it can no longer be read), which undercounts slightly rather than inventing CPU.
 */
export function startSampler(rootPid, intervalMs = 1000, onSample = () => {}) {
  if (containers.has(rootPid)) return startContainerSampler(containers.get(rootPid));
  const samples = [];
  let previous = new Map(processTree(rootPid).map((p) => [p.pid, p.ticks]));
  let last = Date.now();
  const take = () => {
    const tree = processTree(rootPid);
    // The time after /proc was read: reading it first would credit the reading's own time to the next
    // interval's ticks and let a one-CPU pin report more than 100 %.
    const now = Date.now();
    let ticks = 0;
    for (const p of tree) ticks += Math.max(0, p.ticks - (previous.get(p.pid) ?? 0));
    const seconds = (now - last) / 1000;
    const sample = {
      t: now,
      seconds,
      ticks,
      cpuPercent: seconds > 0 ? (ticks / CLOCK_TICKS / seconds) * 100 : 0,
      rssBytes: tree.reduce((sum, p) => sum + memoryBytes(p), 0),
      threads: tree.reduce((sum, p) => sum + p.threads, 0),
      processes: tree.length,
      commands: [...new Set(tree.map((p) => p.command))].sort(),
    };
    samples.push(sample);
    onSample(sample);
    previous = new Map(tree.map((p) => [p.pid, p.ticks]));
    last = now;
  };
  const timer = setInterval(take, intervalMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/**
 * CPU mean/peak, peak memory, peak threads and processes over the samples whose interval's midpoint lies in
 * [from, to]. The mean is the window's total ticks over its total seconds.
 */
export function resourceSummary(samples, from = -Infinity, to = Infinity) {
  const mid = (s) => s.t - ((s.seconds ?? 0) * 1000) / 2;
  const overlaps = (s) => s.t >= from && s.t - (s.seconds ?? 0) * 1000 <= to;
  // A window shorter than the sampling interval may hold no midpoint: then the intervals that overlap it.
  const centred = samples.filter((s) => mid(s) >= from && mid(s) <= to);
  const inside = centred.length ? centred : samples.filter(overlaps);
  if (!inside.length) return { cpuMeanPercent: null, cpuPeakPercent: null, peakRssBytes: null, threads: null, processes: null, commands: [] };
  // null when no sample knows (a container's process count).
  const max = (key) => {
    const known = inside.map((s) => s[key]).filter((v) => v != null);
    return known.length ? Math.max(...known) : null;
  };
  const seconds = inside.reduce((sum, s) => sum + (s.seconds ?? 0), 0);
  const ticks = inside.reduce((sum, s) => sum + (s.ticks ?? 0), 0);
  return {
    cpuMeanPercent: seconds > 0 ? (ticks / CLOCK_TICKS / seconds) * 100 : null,
    cpuPeakPercent: max('cpuPercent'),
    peakRssBytes: max('rssBytes'),
    threads: max('threads'),
    processes: max('processes'),
    commands: [...new Set(inside.flatMap((s) => s.commands ?? []))].sort(),
  };
}

const containers = new Map(); // stand-in pid → container id

/** Samples for `pid` come from container `id` until the returned function is called. */
export function sampleAsContainer(pid, id) {
  containers.set(pid, id);
  return () => containers.delete(pid);
}

const UNITS = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12, KIB: 2 ** 10, MIB: 2 ** 20, GIB: 2 ** 30, TIB: 2 ** 40 };

/** "12.5MiB / 3.8GiB" → the used part in bytes (docker stats' MemUsage). */
export function parseMemUsage(text) {
  const m = /^\s*([\d.]+)\s*([a-z]*)/i.exec(text ?? '');
  return m ? Math.round(Number(m[1]) * (UNITS[(m[2] || 'B').toUpperCase()] ?? 1)) : null;
}

/**
 * One sample per line of a streaming `docker stats` (about one a second): CPUPerc is over the daemon's last
 * interval, 100 % = one core, as here; ticks are derived from it so means stay total-over-time. The first line
 * has no previous reading to compare with (0 %): it only starts the clock. Threads are the container's PIDs
 * (tasks); its process count is not known (null).
 */
export function startContainerSampler(id) {
  const samples = [];
  let last = null;
  const child = spawn('docker', ['stats', '--no-trunc', '--format', '{{json .}}', id], { stdio: ['ignore', 'pipe', 'ignore'] });
  child.on('error', () => {});
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    // Between readings the client may send terminal control sequences; only the JSON lines count.
    const lines = (buffered + chunk).split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      const json = line.slice(line.indexOf('{'));
      let stat;
      try { stat = JSON.parse(json); } catch { continue; }
      const now = Date.now();
      if (last !== null) {
        const seconds = (now - last) / 1000;
        const cpuPercent = Number.parseFloat(stat.CPUPerc) || 0;
        samples.push({ t: now, seconds, ticks: (cpuPercent / 100) * CLOCK_TICKS * seconds, cpuPercent,
          rssBytes: parseMemUsage(stat.MemUsage), threads: Number(stat.PIDs) || null, processes: null,
          commands: [stat.Name ?? id] });
      }
      last = now;
    }
  });
  return {
    samples,
    stop() {
      // SIGKILL: `docker stats` outlives SIGTERM (seen with the 28.2 CLI), and a bench would never exit.
      child.kill('SIGKILL');
      return samples;
    },
  };
}

/** "0-1,3" → [0, 1, 3]: the CPUs of a taskset list. */
export function cpuList(list) {
  return String(list).split(',').filter(Boolean).flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/**
 * Every CPU's busy, stolen and total ticks since boot, from /proc/stat (busy = all but idle and iowait; steal, the time
 * the hypervisor ran someone else on this virtual CPU, is inside busy and also kept apart).
 */
export function cpuTimes(text = readFileSync('/proc/stat', 'utf8')) {
  const times = new Map();
  for (const m of text.matchAll(/^cpu(\d+) (.*)$/gm)) {
    const f = m[2].trim().split(/\s+/).map(Number);
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0); // user … steal; guest time is inside user
    times.set(Number(m[1]), { busy: total - f[3] - f[4], steal: f[7] ?? 0, total });
  }
  return times;
}

/** The share (%) of a set of CPUs' time that `field` of cpuTimes() took between two readings; null when not covered. */
function shareOf(field, before, after, cpus) {
  let part = 0;
  let total = 0;
  for (const cpu of cpus) {
    const a = before.get(cpu);
    const b = after.get(cpu);
    if (!a || !b) return null;
    part += (b[field] ?? 0) - (a[field] ?? 0);
    total += b.total - a.total;
  }
  return total > 0 ? (part / total) * 100 : null;
}

/**
 * How busy a set of CPUs was between two cpuTimes() readings, in % of those CPUs (100 = every one of them busy
 * all the time), whoever kept them busy; null when the readings do not cover them.
 */
export const busyPercent = (before, after, cpus) => shareOf('busy', before, after, cpus);

/** The share of a set of CPUs' time the hypervisor gave to others (steal) between two cpuTimes() readings, in %. */
export const stealPercent = (before, after, cpus) => shareOf('steal', before, after, cpus);

// Steal above this share of a role's CPUs in a measured window, and the window is measured again (run.mjs measureWrk),
// at most NOISY_RETRIES times.
export const MAX_STEAL_PERCENT = 5;
export const NOISY_RETRIES = 2;

/** The largest steal (%) over a window's roles ({ server, db, loadgen }), or null when none was read. */
export function stolen(steal = {}) {
  const read = Object.values(steal ?? {}).filter((v) => v != null);
  return read.length ? Math.max(...read) : null;
}

/** Reads cpuTimes() every interval: busyIn(from, to, cpus) is their busy % between the readings nearest inside, stealIn their steal %. */
export function startCpuSampler(intervalMs = 1000) {
  const readings = [{ t: Date.now(), times: cpuTimes() }];
  const timer = setInterval(() => readings.push({ t: Date.now(), times: cpuTimes() }), intervalMs);
  return {
    stop() {
      clearInterval(timer);
      readings.push({ t: Date.now(), times: cpuTimes() });
      return cpuBusy(readings, intervalMs);
    },
  };
}

/** busyIn(from, to, cpus) over readings [{ t, times }] taken every intervalMs (null with fewer than two). */
export function cpuBusy(readings, intervalMs = 1000) {
  const around = (from, to) => {
    if (readings.length < 2) return null;
    const inside = readings.filter((r) => r.t >= from - intervalMs / 2 && r.t <= to + intervalMs / 2);
    return inside.length >= 2 ? [inside[0], inside.at(-1)] : [readings[0], readings.at(-1)];
  };
  return {
    busyIn(from, to, cpus) {
      const ends = around(from, to);
      return ends && busyPercent(ends[0].times, ends[1].times, cpus);
    },
    /** stealPercent over the same readings as busyIn. */
    stealIn(from, to, cpus) {
      const ends = around(from, to);
      return ends && stealPercent(ends[0].times, ends[1].times, cpus);
    },
  };
}

export { CLOCK_TICKS };
