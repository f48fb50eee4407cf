// The compose runtime's side of starting and stopping one stack (docker-compose.yml): its service brought up
// alone (MariaDB and the static tree are already up), waited on until its /health healthcheck passes, and
// stopped with the contract's drain. Everything goes through the `docker` client, so tests can stand a fake
// one on PATH.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { trackExit } from './processes.mjs';

/** Runs `docker args…`; resolves { code, output } (stdout then stderr). */
export function docker(args, { env = process.env, timeoutMs = 0 } = {}) {
  return new Promise((done) => {
    const child = spawn('docker', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : null;
    child.on('error', (error) => { clearTimeout(timer); done({ code: 127, output: error.message }); });
    child.on('close', (code) => { clearTimeout(timer); done({ code, output: stdout + stderr, stdout }); });
  });
}

/**
 * `docker compose up` of the target's service with `env` (stackEnv: a variant's variables and the caller's
 * overrides reach the container through the compose file's ${NAME:-default}), waiting for its healthcheck.
 * Returns the container's id; throws with the service's last log lines when it does not become healthy.
 */
export async function upService(target, env, timeoutSeconds) {
  const service = target.stack.name;
  // --force-recreate: a container left running (by `make up`, say) would otherwise be reused, so a repeat would
  // not start fresh; every start is a new container, as every native start is a new process.
  const up = await docker(['compose', 'up', '--detach', '--no-deps', '--no-build', '--force-recreate', '--wait',
    '--wait-timeout', String(timeoutSeconds), service], { env });
  if (up.code !== 0) {
    const logs = await docker(['compose', 'logs', '--no-color', '--tail', '15', service], { env });
    await stopService(target, env);
    throw new Error(`${target.id} was not healthy within ${timeoutSeconds} s (docker compose up exit ${up.code}: ` +
      `${up.output.trim()}); last log lines:\n${logs.output.trim()}`);
  }
  const ps = await docker(['compose', 'ps', '--quiet', service], { env });
  const id = ps.stdout?.trim().split('\n')[0];
  if (ps.code !== 0 || !id) throw new Error(`${target.id}: no container after docker compose up (${ps.output.trim()})`);
  return id;
}

/**
 * A local process standing for the container: `docker wait <id>` lives exactly as long as the container runs,
 * so the bench's "did the server die?" (exitOf / kill 0 on its pid) works as for a native stack.
 */
export function watchContainer(id, env = process.env) {
  const child = spawn('docker', ['wait', id], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  trackExit(child);
  let printed = '';
  child.stdout.on('data', (d) => { printed += d; });
  /** The container's own exit, as `docker wait` prints it: { code, signal: null }. */
  child.containerExit = new Promise((resolve) => child.on('close', () => {
    const code = Number.parseInt(printed.trim(), 10);
    resolve({ code: Number.isNaN(code) ? null : code, signal: null });
  }));
  return child;
}

/**
 * The container's memory as its own cgroup accounts it, counted as Pss counts a process tree natively: its
 * anonymous memory and the files it maps, not the page cache of files it only reads (a stack serving a large file
 * with read(2) would otherwise grow by whatever of the file the kernel caches on its behalf). cgroup v1 and v2;
 * read from this host's /sys/fs/cgroup, so only where the engine runs here. `pid` is any process of the container.
 */
export function containerMemoryBytes(pid) {
  let lines;
  try {
    lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8').trim().split('\n').map((l) => l.split(':'));
  } catch {
    return null; // the container has gone: nothing of it to count
  }
  const v1 = lines.find(([, controllers]) => controllers.split(',').includes('memory'));
  const dir = v1 ? `/sys/fs/cgroup/memory${v1[2]}` : `/sys/fs/cgroup${lines.find(([h]) => h === '0')[2]}`;
  try {
    return memoryStatBytes(readFileSync(`${dir}/memory.stat`, 'utf8'), Boolean(v1));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/** memory.stat's anonymous and mapped-file bytes (v1 names them total_rss and total_mapped_file). */
export function memoryStatBytes(text, v1) {
  const stat = Object.fromEntries(text.trim().split('\n').map((l) => l.split(' ')));
  const field = (name) => Number(stat[name] ?? Number.NaN);
  const bytes = v1 ? field('total_rss') + field('total_mapped_file') : field('anon') + field('file_mapped');
  if (Number.isNaN(bytes)) throw new Error('memory.stat has no anonymous and mapped-file counts');
  return bytes;
}

/** The pid, on this host, of the container's first process (tini under `init: true`). */
export async function containerPid(id, env = process.env) {
  const result = await docker(['inspect', '--format', '{{.State.Pid}}', id], { env });
  const pid = Number(result.stdout?.trim());
  if (result.code !== 0 || !(pid > 0)) throw new Error(`docker inspect of ${id}: no pid (${result.output.trim()})`);
  return pid;
}

/**
 * `docker stop` (SIGTERM to the container's init, tini, which passes it on; SIGKILL only after `graceSeconds`),
 * not awaited: the caller watches the exit itself.
 */
export function terminateContainer(id, graceSeconds, env = process.env) {
  return docker(['stop', '--time', String(graceSeconds), id], { env });
}

/**
 * Every stack service stopped before a bench starts its first: one left running from `make up` would share the
 * server CPUs with the stack being measured. Throws when the stop fails, since the run would not be clean.
 */
export async function stopStackServices(stacks, env = process.env) {
  const result = await docker(['compose', 'stop', '--timeout', '15', ...stacks.map((s) => s.name)], { env });
  if (result.code !== 0) throw new Error(`docker compose stop of the stacks failed (exit ${result.code}): ${result.output.trim()}`);
}

/** `docker compose stop`: SIGTERM, then SIGKILL after the contract's 10 s drain plus slack, as natively. */
export async function stopService(target, env = process.env) {
  const result = await docker(['compose', 'stop', '--timeout', '15', target.stack.name], { env });
  return result.code === 0 ? 'stopped' : `not stopped (docker compose stop exit ${result.code}: ${result.output.trim()})`;
}

/**
 * The images of the compose project (the bench's services too) that are stand-ins for an official image or are
 * built on one (harness/runtimes/compose/standins.sh: the label is inherited), each with what its label says: { image: text }.
 */
export async function standinImages(env = process.env) {
  const listed = await docker(['compose', '--profile', 'bench', 'config', '--images'], { env });
  if (listed.code !== 0) throw new Error(`docker compose config --images failed: ${listed.output.trim()}`);
  const found = {};
  for (const image of [...new Set(listed.stdout.trim().split('\n').filter(Boolean))].sort()) {
    const inspected = await docker(['image', 'inspect', '--format', '{{ index .Config.Labels "org.refservers.standin" }}', image], { env });
    const label = inspected.stdout?.trim();
    if (inspected.code === 0 && label && label !== '<no value>') found[image] = label;
  }
  return found;
}
