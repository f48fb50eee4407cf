// JMeter on load hosts of their own (LOADGEN_HOST, LOADGEN_HOSTS): JMeter's own remote testing. Per run, an engine
// (`jmeter -s`, RMI) starts on each load host with that run's properties and its share of the users (each engine runs
// the whole plan: the users are split here, not by JMeter), pinned to LOADGEN_CPUS there; a controller on this machine
// (`-R`) starts the test on all of them at once, receives every sample and writes the one JTL the bench reads, then
// tells them to exit (`-X`). RMI without TLS: the engines and the controller talk only on the benchmark network.
//   node loadtest/generators/jmeter-engines.mjs engine <address> <properties as JSON>   (what a load host runs, over ssh)
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { JVM, PLAN, RUN_PROPERTIES, installedHome, jmeterVersion, planProperties, run, javaCommand } from './jmeter.mjs';
import { findJavaHome } from '../../harness/lib/java.mjs';
import { RUN_DIR } from '../../harness/lib/stacks.mjs';
import { quote, spawnOn, runOn, mustRunOn } from '../../harness/lib/hosts.mjs';
import { LOADGENS, pushInputs, ensureCorpusOn } from '../sampling/remote.mjs';
import { shares } from './wrk.mjs';

// The engine's RMI registry and its remote object's port (fixed: the controller connects to both).
export const ENGINE_PORT = 1099;
const ENGINE_OBJECT_PORT = 4000;
const RMI = ['-Jserver.rmi.ssl.disable=true'];
const READY = /^Created remote object/;
const START_TIMEOUT_MS = 90_000;

const jar = (home) => join(home, 'bin', `ApacheJMeter-${jmeterVersion(home)}.jar`);
const asFlags = (props) => Object.entries(props).map(([k, v]) => `-J${k}=${v}`);

/** Whether JMeter runs through remote engines: some load host is another machine, or there are several. */
export const useEngines = (hosts = LOADGENS) => hosts.length > 1 || hosts.some((h) => h.remote);

/** The address the load hosts reach this machine (the controller) at: where their ssh session came from. */
async function controllerAddress(host) {
  if (!host.remote) return '127.0.0.1';
  const from = (await mustRunOn(host, [], { shell: 'echo "${SSH_CLIENT%% *}"' })).trim();
  if (!from) throw new Error(`load host ${host.address}: SSH_CLIENT is empty, so the controller's address is unknown`);
  return from;
}

/** Starts an engine on the host; resolves { host, pid, stop } once it is listening, or rejects with its output. */
async function startEngine(host, props, { cpus, onSpawn }) {
  if (host.remote) await pushInputs(host, Object.values(props));
  if (host.remote && props.corpus) await ensureCorpusOn(host, props.corpus);
  const argv = ['node', 'loadtest/generators/jmeter-engines.mjs', 'engine', host.remote ? host.address : '127.0.0.1', JSON.stringify(props)];
  const pinned = cpus ? ['taskset', '-c', String(cpus), ...argv] : argv;
  const child = spawnOn(host, [], { shell: `echo GENERATOR_PID $$ >&2; exec ${pinned.map(quote).join(' ')}` });
  const output = [];
  let pid = null;
  const closed = new Promise((r) => child.once('close', r));
  // After -X the engine is usually gone already; either way, stopped before the next run needs its ports.
  const stop = async () => {
    if (pid && host.remote) await runOn(host, ['kill', String(pid)], { timeoutMs: 10_000 });
    else if (pid) { try { process.kill(pid); } catch { /* gone */ } }
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
    child.kill();
  };
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => { stop(); fail(new Error(`JMeter engine on ${host.address} not listening after ${START_TIMEOUT_MS / 1000} s:\n${output.join('\n')}`)); }, START_TIMEOUT_MS);
    createInterface({ input: child.stderr }).on('line', (line) => {
      const told = /^GENERATOR_PID (\d+)$/.exec(line);
      if (told && !pid) { pid = Number(told[1]); onSpawn(pid, host); } else output.push(line);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      if (READY.test(line)) { clearTimeout(timer); ready({ host, pid, stop }); }
    });
    child.once('close', (code) => { clearTimeout(timer); fail(new Error(`JMeter engine on ${host.address} exited with ${code}:\n${output.slice(-15).join('\n')}`)); });
  });
}

/**
 * runJmeter (jmeter.mjs) through an engine on each load host: the same properties, the users split between them,
 * the JTL written here. onSpawn(pid, host) for each engine, whose CPU is the generator's.
 */
export async function runJmeterOnEngines({ jtl, dashboard = null, cpus = '', onSample = () => {}, onSpawn = () => {}, hosts = LOADGENS, ...workload }) {
  const home = installedHome();
  if (!home) throw new Error('JMeter is not installed: call installJmeter() first (make jmeter)');
  const used = hosts.slice(0, Math.min(hosts.length, workload.users));
  const users = shares(workload.users, used.length);
  const controller = await controllerAddress(used.find((h) => h.remote) ?? used[0]);
  const started = await Promise.allSettled(used.map((host, i) => startEngine(host,
    { ...RUN_PROPERTIES, ...planProperties({ ...workload, users: users[i] }) }, { cpus, onSpawn })));
  const engines = started.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) return { exitCode: 1, output: failed.reason.message };
    const args = [...JVM, `-Djava.rmi.server.hostname=${controller}`, '-jar', jar(home), '-n', '-t', PLAN,
      '-R', engines.map((e) => `${e.host.remote ? e.host.address : '127.0.0.1'}:${ENGINE_PORT}`).join(','), '-X',
      '-l', resolve(jtl), '-j', `${resolve(jtl).replace(/\.jtl$/, '')}.jmeter.log`, '-f', ...RMI, ...asFlags(RUN_PROPERTIES)];
    if (dashboard) args.push('-e', '-o', resolve(dashboard));
    // The controller only receives and writes samples; it runs beside the bench, on the load CPUs' numbers here.
    return await run(...javaCommand(cpus, args), {}, (line) => { if (/^summary [+=]/.test(line)) onSample(line); });
  } finally {
    await Promise.all(engines.map((e) => e.stop()));
  }
}

// On a load host: an engine for one run, listening on address, with the run's properties; ends when the controller
// says so (-X) or on SIGTERM.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === 'engine') {
  const [address, json] = process.argv.slice(3);
  const home = installedHome();
  if (!home) { console.error('JMeter is not installed on this host: make jmeter'); process.exit(2); }
  const java = spawn(join(findJavaHome(), 'bin', 'java'), [...JVM, `-Djava.rmi.server.hostname=${address}`, '-jar', jar(home), '-s',
    '-j', join(RUN_DIR, `jmeter-engine-${address}.log`), `-Jserver_port=${ENGINE_PORT}`, `-Jserver.rmi.localport=${ENGINE_OBJECT_PORT}`,
    ...RMI, ...asFlags(JSON.parse(json))], { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => java.kill('SIGTERM'));
  java.once('close', (code) => process.exit(code ?? 1));
}
