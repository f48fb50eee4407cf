// Stacks run as plain background processes, each in its own process group (so a cluster's workers and
// anything a start script forks are stopped together), with a pidfile and a log under .run/.
import { spawn } from 'node:child_process';
import { openSync, readFileSync, writeFileSync, existsSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { RUN_DIR } from './stacks.mjs';

const fileName = (target) => target.id.replace(':', '--');
export const pidFile = (target) => join(RUN_DIR, `${fileName(target)}.pid`);
export const logFile = (target) => join(RUN_DIR, `${fileName(target)}.log`);

export function runningPid(target) {
  for (const t of [target, { id: target.stack.name }]) {
    if (!existsSync(pidFile(t))) continue;
    const pid = Number(readFileSync(pidFile(t), 'utf8'));
    if (alive(pid)) return { pid, id: t.id };
    rmSync(pidFile(t), { force: true });
  }
  return null;
}

// A negative pid asks about the whole process group: a stack is down only when all of its processes are.
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function portTaken(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const socket = connect({ port, host });
    socket.once('connect', () => { socket.destroy(); done(true); });
    socket.once('error', () => done(false));
  });
}

// Exit status of each process this runner started, for the contract's "SIGTERM … exit 0".
const exits = new Map();
export const exitOf = (pid) => exits.get(pid);
/** Records the exit of a child started elsewhere (the compose runtime's `docker wait`), for exitOf. */
export function trackExit(child) {
  exits.set(child.pid, new Promise((done) => child.once('exit', (code, signal) => done({ code, signal }))));
}

// SERVER_CPUS pins the stack with taskset, as the bench does; the pid recorded is the stack's own (exec).
export function start(target, env) {
  mkdirSync(RUN_DIR, { recursive: true });
  const log = openSync(logFile(target), 'w');
  const command = ['sh', '-c', `exec ${target.stack.start}`];
  if (env.SERVER_CPUS) command.unshift('taskset', '-c', env.SERVER_CPUS);
  const child = spawn(command[0], command.slice(1), {
    cwd: target.stack.dir, env, detached: true, stdio: ['ignore', log, log],
  });
  child.unref();
  exits.set(child.pid, new Promise((done) => child.once('exit', (code, signal) => done({ code, signal }))));
  writeFileSync(pidFile(target), String(child.pid));
  return child.pid;
}

/** Polls url until it answers 200: 'serving', or 'exited' once pid is gone, or 'timeout'. */
export async function waitServing(url, pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return 'exited';
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return 'serving';
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  return 'timeout';
}

export async function waitHealthy(url, pid, timeoutMs) {
  const state = await waitServing(`${url}/health`, pid, timeoutMs);
  return state === 'serving' ? 'healthy' : state;
}

// SIGTERM to the whole group, then the contract's 10 s drain plus slack, then SIGKILL.
export async function stop(pid, graceMs = 15000) {
  const signal = (sig) => { try { process.kill(-pid, sig); } catch { /* already gone */ } };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && alive(-pid)) await new Promise((r) => setTimeout(r, 100));
  if (alive(-pid)) { signal('SIGKILL'); return 'killed'; }
  return 'stopped';
}

export function tail(file, lines = 30) {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
