// The clauses of spec/API.md §1 that only the process's owner can see: one start-up line in the agreed format,
// nothing logged while the conformance suite runs (no per-request logs; its bad requests are expected 4xx,
// not errors), and SIGTERM ending the process with exit code 0 once it has drained.
import { readFileSync } from 'node:fs';
import { listeners } from './holders.mjs';

export function startupLine(name, port) {
  return new RegExp(`^${name} listening on port ${port}, workers=[1-9]\\d*, db pool=[1-9]\\d*, \\S+ \\S+$`);
}

export function logProblems(text, name, port) {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const at = lines.findIndex((line) => startupLine(name, port).test(line));
  if (at < 0) {
    return [`no start-up line "${name} listening on port ${port}, workers=<n>, db pool=<n>, <runtime> <version>" in its log`];
  }
  const after = lines.slice(at + 1);
  if (after.length === 0) return [];
  return [`logged ${after.length} line(s) while the suite ran (no per-request logs): ${after.slice(0, 3).join(' | ')}`];
}

/** The addresses a listening TCP socket on `port` is bound to ('0.0.0.0' and '::' are every interface). */
export const listeningOn = (port, tables) => listeners(port, tables).map((l) => l.address);

/** A stack listening wider than LISTEN_HOST (spec/API.md §1.1: loopback by default). */
export function bindProblems(port, listenHost, addresses = listeningOn(port)) {
  const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
  const allowed = listenHost === '127.0.0.1' || listenHost === 'localhost' ? loopback : [listenHost];
  const wide = addresses.filter((a) => !allowed.includes(a));
  return wide.length ? [`listens on ${wide.join(', ')}:${port}, not only on LISTEN_HOST ${listenHost}`] : [];
}

export async function lifecycleProblems(target, pid, { log, stop, exitOf, listenHost = '127.0.0.1' }) {
  const problems = logProblems(readFileSync(log, 'utf8'), target.stack.name, target.stack.port);
  problems.push(...bindProblems(target.stack.port, listenHost));
  const how = await stop(pid);
  const exit = await Promise.race([exitOf(pid), new Promise((r) => setTimeout(() => r(null), 1000))]);
  if (how === 'killed') problems.push('did not exit within 15 s of SIGTERM (drain is at most 10 s)');
  else if (exit && exit.code !== 0) problems.push(`exited with ${exit.signal ?? `code ${exit.code}`} on SIGTERM, not 0`);
  return problems;
}
