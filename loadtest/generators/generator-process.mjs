// A load generator's process: pinned with taskset to LOADGEN_CPUS, tracked so an interrupted bench can stop it,
// its pid handed out at once (its CPU is sampled), its whole stdout and stderr collected. On another load host
// (LOADGEN_HOST) it runs there over ssh, the inputs the bench wrote pushed first; its pid is the one there.
import { quote, spawnOn } from '../../harness/lib/hosts.mjs';
import { HOSTS, pushInputs } from '../sampling/remote.mjs';

const running = new Set();
const TOLD = /^GENERATOR_(PID|START) (\d+)$/;

/** Stops every generator process still running (Ctrl-C); one on another host ends at its own duration. */
export function stopGenerators(signal = 'SIGTERM') {
  for (const child of running) { try { child.kill(signal); } catch { /* already gone */ } }
}

/**
 * Runs `command args` on `cpus` (a taskset list; '' for unpinned) on a load host (default: the first), with `env`
 * added, at `startAt` (ms since the epoch, the host's clock; null: at once); resolves { exitCode, stdout, stderr,
 * startedAt (when it was exec'd, the host's clock) }.
 */
export async function runGenerator(command, args, { cpus = '', onSpawn = () => {}, host = HOSTS.loadgen, env = {}, startAt = null } = {}) {
  const argv = cpus ? ['taskset', '-c', String(cpus), command, ...args] : [command, ...args];
  if (host.remote) await pushInputs(host, args);
  // A shell that tells its pid, waits for startAt, tells the time and becomes the generator (exec): the pid sampled is
  // the generator's, here as on another host.
  const wait = startAt ? `t=$((${Math.round(startAt)} - $(date +%s%3N))); [ "$t" -gt 0 ] && sleep "$((t / 1000)).$(printf %03d $((t % 1000)))"; ` : '';
  const shell = `echo GENERATOR_PID $$ >&2; ${wait}echo GENERATOR_START $(date +%s%3N) >&2; exec ${argv.map(quote).join(' ')}`;
  return new Promise((done, fail) => {
    const child = spawnOn(host, [], { env, shell });
    running.add(child);
    let startedAt = null;
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.on('data', (d) => { stdout += d; });
    // Line by line: ssh may say something of its own first (a control socket's warning).
    child.stderr.on('data', (d) => {
      const lines = (partial + d).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        const told = TOLD.exec(line);
        if (!told) stderr += `${line}\n`;
        else if (told[1] === 'PID') onSpawn(Number(told[2]), host);
        else startedAt = Number(told[2]);
      }
    });
    child.once('error', (error) => { running.delete(child); fail(error); });
    child.once('close', (code) => { running.delete(child); done({ exitCode: code ?? 128, stdout, stderr: stderr + partial, startedAt }); });
  });
}
