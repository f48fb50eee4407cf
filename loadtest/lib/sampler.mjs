// Samples a server's whole process tree from /proc once a second: every descendant of the root pid (found
// by parent links, so workers forked by node:cluster or a JVM's helpers count) plus anything still in the
// root's process group. CPU % is the sum of utime+stime deltas over wall time (100 % = one core busy); the
// mean over a window is its total ticks over its total time, not a mean of per-second ratios. Memory is
// Pss (shared pages split among the processes sharing them, so forked workers are not double-counted) from
// /proc/<pid>/smaps_rollup when readable, RSS otherwise.
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

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
 * Starts sampling; returns { samples, stop() }. Each sample: { t (epoch ms), seconds (since the previous),
 * ticks (CPU ticks in it), cpuPercent, rssBytes (Pss or RSS), threads, processes, commands }. A process that appears between samples contributes all its ticks; one that exits loses its
 * last partial second (it can no longer be read), which undercounts slightly rather than inventing CPU.
 */
export function startSampler(rootPid, intervalMs = 1000) {
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
    samples.push({
      t: now,
      seconds,
      ticks,
      cpuPercent: seconds > 0 ? (ticks / CLOCK_TICKS / seconds) * 100 : 0,
      rssBytes: tree.reduce((sum, p) => sum + memoryBytes(p), 0),
      threads: tree.reduce((sum, p) => sum + p.threads, 0),
      processes: tree.length,
      commands: [...new Set(tree.map((p) => p.command))].sort(),
    });
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
  const inside = samples.filter((s) => mid(s) >= from && mid(s) <= to);
  if (!inside.length) return { cpuMeanPercent: null, cpuPeakPercent: null, peakRssBytes: null, threads: null, processes: null, commands: [] };
  const max = (key) => Math.max(...inside.map((s) => s[key]));
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

export { CLOCK_TICKS };
