// Starting and stopping what is measured: a stack through the shared library (harness/lib), one at a time,
// on its own port, pinned to SERVER_CPUS. A port still held by someone else is waited for, not fought over.
// RUNTIME=compose (the bench inside the loadtest container): the stack's compose service instead, pinned by
// its cpuset, reached by its service name on the compose network, sampled from its container's statistics.
// SERVER_HOST another host: started there over ssh by the project's own `make start` (sampling/remote.mjs).
import { loadStacks, select, stackEnv, baseUrl } from '../../harness/lib/stacks.mjs';
import { start, stop, waitHealthy, portTaken, logFile, tail } from '../../harness/lib/processes.mjs';
import { findJavaHome } from '../../harness/lib/java.mjs';
import { upService, stopService, watchContainer, containerPid, containerMemoryBytes, terminateContainer } from '../../harness/lib/containers.mjs';
import { sampleAsContainer } from '../sampling/sampler.mjs';
import { HOSTS, startRemoteStack } from '../sampling/remote.mjs';

const STARTUP_TIMEOUT_MS = Number(process.env.STARTUP_TIMEOUT || 120) * 1000;
const PORT_WAIT_MS = 120_000;

/** STACKS, or every stack (and every variant when the profile asks for them). */
export function benchTargets(spec, { withVariants = false } = {}) {
  return select(loadStacks(), spec, { withVariants });
}

async function waitPortFree(port, note) {
  const deadline = Date.now() + PORT_WAIT_MS;
  let told = false;
  while (await portTaken(port)) {
    if (Date.now() > deadline) throw new Error(`port ${port} stayed taken by another process for ${PORT_WAIT_MS / 1000} s`);
    if (!told) { note(`bench: port ${port} is taken by another process; waiting for it to be released`); told = true; }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Starts the target and waits for /health; returns { name, host, port, pid, stop() } or throws with the log
 * tail. onStarted(server) is called as soon as the process exists, so an interrupt during start-up stops it.
 */
export async function startStack(target, serverCpus, note, onStarted = () => {}) {
  if (process.env.RUNTIME === 'compose') return startService(target, onStarted);
  if (HOSTS.server.remote) return startRemoteStack(target, serverCpus, onStarted);
  await waitPortFree(target.stack.port, note);
  let env = stackEnv(target, { ...process.env, SERVER_CPUS: serverCpus });
  if (target.stack.runtime === 'java') env = { ...env, JAVA_HOME: findJavaHome(env) };
  const pid = start(target, env);
  onStarted({ name: target.id, pid, stop: () => stop(pid) });
  const state = await waitHealthy(baseUrl(target, env), pid, STARTUP_TIMEOUT_MS);
  if (state !== 'healthy') {
    await stop(pid);
    throw new Error(`${target.id} ${state === 'exited' ? 'exited' : 'was not healthy'} within ` +
      `${STARTUP_TIMEOUT_MS / 1000} s; last log lines (${logFile(target)}):\n${tail(logFile(target), 15)}`);
  }
  return { name: target.id, host: '127.0.0.1', port: target.stack.port, pid, stop: () => stop(pid) };
}

/**
 * The compose runtime's startStack: `docker compose up --wait` of the target's service with its stackEnv; pid is
 * that of a `docker wait` on the container (alive exactly while the container runs), and the sampler reads the
 * container's CPU and memory for it. The nginx ceiling's service starts the same way, with the caller's env.
 * Inside the compose network (the loadtest container: COMPOSE_NETWORK) the service is reached by its name;
 * from this host (make faults in make compose-test) on its published port. For make faults, the server also has
 * exited (the container's exit), terminate() (docker stop: SIGTERM through tini) and memoryBytes() (the
 * container's own accounting, readable where the engine runs).
 */
export async function startService(target, onStarted = () => {}, { env = stackEnv(target, process.env),
  timeoutSeconds = STARTUP_TIMEOUT_MS / 1000 } = {}) {
  const halt = () => stopService(target, env);
  onStarted({ name: target.id, pid: null, stop: halt });
  const id = await upService(target, env, timeoutSeconds);
  const watcher = watchContainer(id, env);
  const forget = sampleAsContainer(watcher.pid, id);
  const stopAll = async () => {
    const how = await halt();
    watcher.kill();
    forget();
    return how;
  };
  onStarted({ name: target.id, pid: watcher.pid, stop: stopAll });
  const host = process.env.COMPOSE_NETWORK ? target.stack.name : '127.0.0.1';
  let init = null;
  if (!process.env.COMPOSE_NETWORK) {
    try {
      init = await containerPid(id, env);
    } catch (error) {
      await stopAll();
      throw error;
    }
  }
  return {
    name: target.id, host, port: target.stack.port, pid: watcher.pid, container: id, stop: stopAll,
    exited: watcher.containerExit,
    terminate: () => { terminateContainer(id, 30, env); },
    memoryBytes: () => containerMemoryBytes(init),
  };
}
