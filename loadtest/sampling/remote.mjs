// The bench's parts on other hosts (harness/lib/hosts.mjs: SERVER_HOST, DB_HOST, LOADGEN_HOST over ssh): /proc
// probes streaming from there (loadtest/sampling/probe.mjs), the stack started and stopped there by the project's own
// `make start` / `make down`, the nginx ceiling there, files the generators read pushed there and files they
// write fetched back. A host that is this machine takes the local path everywhere: nothing here runs for it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { ROLES, hostsOf, loadgenHostsOf, anyRemote, spawnOn, runOn, mustRunOn, quote } from '../../harness/lib/hosts.mjs';
import { RUN_DIR, dbSettings } from '../../harness/lib/stacks.mjs';
import { startSampler, startCpuSampler, cpuBusy } from './sampler.mjs';

export const HOSTS = hostsOf();
// Every load host (LOADGEN_HOSTS); the first is HOSTS.loadgen, where the open-loop generator and the chat client run.
export const LOADGENS = loadgenHostsOf();
export const REMOTE = anyRemote(HOSTS, LOADGENS);
const MAKE = ['make', '-s', '--no-print-directory'];
// Every make on a remote host is the native runtime's, whatever an engine there would answer.
const NATIVE = { RUNTIME: 'native' };

/** Streams a probe's JSON lines from the host, each to onValue; returns a function that stops it. */
function probe(host, args, onValue) {
  const child = spawnOn(host, ['node', 'loadtest/sampling/probe.mjs', ...args]);
  child.on('error', () => {});
  createInterface({ input: child.stdout }).on('line', (line) => {
    try { onValue(JSON.parse(line)); } catch { /* a partial line at the end */ }
  });
  return () => child.kill();
}

/** The process-tree sampler (sampler.mjs startSampler) on the host; remote samples are timed as they arrive here. */
export function samplerOn(host, pid) {
  if (!host?.remote) return startSampler(pid);
  const samples = [];
  const halt = probe(host, ['tree', String(pid)], (s) => samples.push({ ...s, t: Date.now() }));
  return { samples, stop() { halt(); return samples; } };
}

/** The every-CPU sampler (sampler.mjs startCpuSampler) on the host. */
export function cpuSamplerOn(host) {
  if (!host?.remote) return startCpuSampler();
  const readings = [];
  const halt = probe(host, ['cpus'], (r) => readings.push({ t: Date.now(),
    times: new Map(Object.entries(r.cpus).map(([cpu, times]) => [Number(cpu), times])) }));
  return { stop() { halt(); return cpuBusy(readings); } };
}

/** Whether a process on a remote host has exited. */
export async function diedOn(host, pid) {
  return (await runOn(host, ['kill', '-0', String(pid)], { timeoutMs: 10_000 })).code !== 0;
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Puts a local file at the same path on the host, unless the same bytes are already there. */
export async function pushFile(host, file) {
  const there = await runOn(host, ['sha256sum', file]);
  if (there.code === 0 && there.stdout.split(' ')[0] === sha256(file)) return;
  // Written aside and renamed: a reader never sees half a file.
  await mustRunOn(host, [], { input: readFileSync(file),
    shell: `mkdir -p ${quote(dirname(file))} && cat > ${quote(`${file}.part`)} && mv ${quote(`${file}.part`)} ${quote(file)}` });
}

/** The generator inputs the bench wrote under RUN_DIR (corpus files), pushed to the host before a run. */
export async function pushInputs(host, args) {
  for (const arg of args.map(String)) if (arg.startsWith(`${RUN_DIR}/`) && existsSync(arg)) await pushFile(host, arg);
}

// The bookings corpus's folder, hashed the same way here and there: every file's bytes in name order.
const CORPUS_DIGEST = 'ls | LC_ALL=C sort | xargs cat | sha256sum | cut -d" " -f1';

const corpora = new Map(); // host address and CSV → the promise of its check: once per host per bench

/**
 * The bookings corpus JMeter reads (its CSV and the 2000 files it names) on the host: written there by the same code
 * at the same revision (loadtest/generators/corpus.mjs, its defaults as the bench's), then checked to be the same bytes. Once
 * per host and corpus in a process; a failed check is tried again next time.
 */
export function ensureCorpusOn(host, csv) {
  const key = `${host.address}\n${csv}`;
  if (!corpora.has(key)) corpora.set(key, writeCorpusOn(host, csv).catch((error) => { corpora.delete(key); throw error; }));
  return corpora.get(key);
}

async function writeCorpusOn(host, csv) {
  const dir = dirname(csv);
  await mustRunOn(host, ['node', 'loadtest/generators/corpus.mjs', dir]);
  const here = (await runOn({ remote: false }, [], { shell: `cd ${quote(dir)} && ${CORPUS_DIGEST}` })).stdout.trim();
  const there = (await mustRunOn(host, [], { shell: `cd ${quote(dir)} && ${CORPUS_DIGEST}` })).trim();
  if (here !== there) throw new Error(`${host.role} host ${host.address}: the bookings corpus in ${dir} differs from this machine's`);
}

/** Copies a file from the host to a local path. */
export async function fetchFile(host, from, to) {
  mkdirSync(dirname(to), { recursive: true });
  const out = openSync(to, 'w');
  try {
    const code = await new Promise((done, fail) => {
      const child = spawnOn(host, ['cat', from], { stdio: ['ignore', out, 'pipe'] });
      child.once('error', fail);
      child.once('close', (c) => done(c ?? 128));
    });
    if (code !== 0) throw new Error(`${host.role} host ${host.address}: cannot read ${from} (exit ${code})`);
  } finally {
    closeSync(out);
  }
}

/**
 * What each role's host is, measured there (probe.mjs info), for the summary (with `loadgens`, every load host, when
 * there are several); throws unless each runs this revision.
 */
export async function hostFacts(revision) {
  const factsOf = async (host) => {
    const info = JSON.parse(await mustRunOn(host, ['node', 'loadtest/sampling/probe.mjs', 'info']));
    if (host.remote && revision && info.git !== revision) {
      throw new Error(`${host.role} host ${host.address} runs revision ${info.git ?? '(no git)'} of the project, this machine ${revision}: ` +
        'check out the same revision at the same path on every host');
    }
    return { address: host.address, remote: host.remote, ...info };
  };
  const facts = {};
  for (const role of ROLES) facts[role] = await factsOf(HOSTS[role]);
  if (LOADGENS.length > 1) facts.loadgens = [facts.loadgen, ...await Promise.all(LOADGENS.slice(1).map(factsOf))];
  return facts;
}

/**
 * Installs and builds what each remote host's role needs, with the project's own make targets: the pinned Node.js
 * everywhere; the stacks' builds, the static tree and nginx on the server host; wrk, oha and the chat client on
 * the load host (and JMeter for its remote engines). MariaDB is the database's (db.mjs ensureRemoteDatabase).
 */
export async function prepareHosts({ stacks, nginx, chat, jmeter, note }) {
  if (HOSTS.server.remote && !HOSTS.db.remote) {
    throw new Error(`SERVER_HOST ${HOSTS.server.address} is another host: DB_HOST must be an address it reaches, not ${HOSTS.db.address}`);
  }
  const otherLoadgen = LOADGENS.find((h) => h.remote);
  if (otherLoadgen && !HOSTS.server.remote) {
    throw new Error(`load host ${otherLoadgen.address} is another host: SERVER_HOST must be an address it reaches, not ${HOSTS.server.address}`);
  }
  for (const host of [HOSTS.server, HOSTS.db, ...LOADGENS]) {
    const role = host.role;
    if (!host.remote) continue;
    note(`bench: preparing the ${role} host ${host.address}`);
    await mustRunOn(host, [...MAKE, 'node-check'], { env: NATIVE });
    if (role === 'server') {
      await mustRunOn(host, [...MAKE, 'fixtures', 'build'], { env: { ...NATIVE, STACKS: stacks.join(' ') } });
      if (nginx) await mustRunOn(host, ['node', '-e', 'import("./loadtest/ceilings/ceiling.mjs").then((m) => m.ensureNginx())']);
    }
    if (role === 'loadgen') {
      await mustRunOn(host, [...MAKE, 'loadgen'], { env: NATIVE });
      if (jmeter) await mustRunOn(host, [...MAKE, 'jmeter'], { env: NATIVE });
      if (chat && host === HOSTS.loadgen) await mustRunOn(host, ['node', '-e', 'import("./loadtest/run/chat.mjs").then((m) => m.installChatClient())']);
    }
  }
}

// The stack's environment as the server host is told it: the contract's variables, and any variable its
// stack.json or variant sets that was exported here (JAVA_OPTS=…); the host supplies the rest (STATIC_ROOT…).
function stackVariables(target, serverCpus) {
  const db = dbSettings();
  const own = Object.keys({ ...target.stack.env, ...(target.variant?.env ?? {}) });
  const passed = ['DB_POOL_SIZE', 'WORKERS', 'STARTUP_TIMEOUT', ...own].filter((k) => process.env[k] !== undefined);
  return { ...NATIVE, STACKS: target.id, SERVER_CPUS: serverCpus, SERVER_HOST: HOSTS.server.address,
    DB_HOST: db.host, DB_PORT: db.port, DB_NAME: db.name, DB_USER: db.user, DB_PASSWORD: db.password,
    ...Object.fromEntries(passed.map((k) => [k, process.env[k]])) };
}

/** startStack on the server host: a fresh start through `make start` there (after `make down` of that stack). */
export async function startRemoteStack(target, serverCpus, onStarted = () => {}) {
  const host = HOSTS.server;
  const down = () => mustRunOn(host, [...MAKE, 'down'], { env: { ...NATIVE, STACKS: target.stack.name } });
  await down();
  onStarted({ name: target.id, pid: null, stop: down });
  const out = await mustRunOn(host, [...MAKE, 'start'], { env: stackVariables(target, serverCpus) });
  const pid = Number(/\(pid (\d+)/.exec(out)?.[1]);
  if (!pid) throw new Error(`${target.id} on ${host.address}: no pid in \`make start\`'s output:\n${out}`);
  const server = { name: target.id, host: host.address, port: target.stack.port, pid, on: host, stop: down };
  onStarted(server);
  return server;
}

/** The nginx ceiling on the server host (loadtest/ceilings/ceiling-server.mjs, as the compose runtime runs it), pinned. */
export async function startRemoteCeiling(serverCpus, port) {
  const host = HOSTS.server;
  const pin = serverCpus ? `taskset -c ${quote(serverCpus)} ` : '';
  const out = await mustRunOn(host, [], { env: { CEILING_PORT: port, LISTEN_HOST: host.address }, shell: 'R="${RUN_DIR:-$PWD/.run}"; mkdir -p "$R"; ' +
    `STATIC_ROOT="$R/static" setsid ${pin}node loadtest/ceilings/ceiling-server.mjs >"$R/ceiling.log" 2>&1 </dev/null & echo $!` });
  const pid = Number(out.trim());
  const stop = async () => {
    await runOn(host, [], { shell: `kill -TERM ${pid} 2>/dev/null; for i in $(seq 50); do kill -0 ${pid} 2>/dev/null || exit 0; ` +
      `sleep 0.2; done; kill -KILL -${pid} ${pid} 2>/dev/null; true` });
    return 'stopped';
  };
  const url = `http://${host.address}:${port}/hello`;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.status === 200, () => false);
    if (ok) return { pid, host: host.address, port, on: host, stop };
  }
  await stop();
  throw new Error(`nginx on ${host.address} did not answer ${url} within 15 s (see .run/ceiling.log there)`);
}
