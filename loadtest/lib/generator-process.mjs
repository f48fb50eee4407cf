// A load generator's process: pinned with taskset to LOADGEN_CPUS, tracked so an interrupted bench can stop it,
// its pid handed out at once (its CPU is sampled), its whole stdout and stderr collected. On another load host
// (LOADGEN_HOST) it runs there over ssh, the inputs the bench wrote pushed first; its pid is the one there.
import { spawn } from 'node:child_process';
import { ROOT } from '../../scripts/lib/stacks.mjs';
import { quote, spawnOn } from '../../scripts/lib/hosts.mjs';
import { HOSTS, pushInputs } from './remote.mjs';

const running = new Set();
const PID_LINE = /^GENERATOR_PID (\d+)\n/;

/** Stops every generator process still running (Ctrl-C); one on another host ends at its own duration. */
export function stopGenerators(signal = 'SIGTERM') {
  for (const child of running) { try { child.kill(signal); } catch { /* already gone */ } }
}

/** Runs `command args` on `cpus` (a taskset list; '' for unpinned); resolves { exitCode, stdout, stderr }. */
export async function runGenerator(command, args, { cpus = '', onSpawn = () => {} } = {}) {
  const argv = cpus ? ['taskset', '-c', String(cpus), command, ...args] : [command, ...args];
  const host = HOSTS.loadgen;
  if (host.remote) await pushInputs(host, args);
  return new Promise((done, fail) => {
    // There, the shell tells its pid and becomes the generator (exec): the pid sampled is the generator's.
    const child = host.remote
      ? spawnOn(host, [], { shell: `echo GENERATOR_PID $$ >&2; exec ${argv.map(quote).join(' ')}` })
      : spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
    running.add(child);
    if (!host.remote) onSpawn(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => {
      stderr += d;
      const told = host.remote && PID_LINE.exec(stderr);
      if (told) { stderr = stderr.slice(told[0].length); onSpawn(Number(told[1])); }
    });
    child.once('error', (error) => { running.delete(child); fail(error); });
    child.once('close', (code) => { running.delete(child); done({ exitCode: code ?? 128, stdout, stderr }); });
  });
}
