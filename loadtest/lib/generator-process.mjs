// A load generator's process: pinned with taskset to LOADGEN_CPUS, tracked so an interrupted bench can stop it,
// its pid handed out at once (its CPU is sampled), its whole stdout and stderr collected.
import { spawn } from 'node:child_process';
import { ROOT } from '../../scripts/lib/stacks.mjs';

const running = new Set();

/** Stops every generator process still running (Ctrl-C). */
export function stopGenerators(signal = 'SIGTERM') {
  for (const child of running) { try { child.kill(signal); } catch { /* already gone */ } }
}

/** Runs `command args` on `cpus` (a taskset list; '' for unpinned); resolves { exitCode, stdout, stderr }. */
export function runGenerator(command, args, { cpus = '', onSpawn = () => {} } = {}) {
  const [file, rest] = cpus ? ['taskset', ['-c', String(cpus), command, ...args]] : [command, args];
  return new Promise((done, fail) => {
    const child = spawn(file, rest, { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
    running.add(child);
    onSpawn(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.once('error', (error) => { running.delete(child); fail(error); });
    child.once('close', (code) => { running.delete(child); done({ exitCode: code ?? 128, stdout, stderr }); });
  });
}
