// nginx as the generator ceiling: installed from Debian packages when missing (as root), configured from
// loadtest/ceilings/nginx.conf, started as a plain process pinned to SERVER_CPUS with one worker per server CPU; in the
// compose runtime, the ceiling service instead; on another server host, there (sampling/remote.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT, RUN_DIR, STATIC_ROOT } from '../../harness/lib/stacks.mjs';
import { waitHealthy, stop } from '../../harness/lib/processes.mjs';
import { ensureDebianPackage } from '../generators/apt.mjs';
import { startService } from '../run/servers.mjs';
import { HOSTS, startRemoteCeiling } from '../sampling/remote.mjs';

const NGINX = '/usr/sbin/nginx';
const RUN = join(RUN_DIR, 'nginx');

export function ensureNginx() {
  if (spawnSync(NGINX, ['-v']).status === 0) return;
  ensureDebianPackage('nginx', 'the generator ceiling', () => false);
  // Debian starts its own service on port 80; it is not ours and not needed.
  spawnSync('sh', ['-c', 'service nginx stop || true'], { stdio: 'ignore' });
}

export function nginxVersion() {
  const r = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return (r.stderr || r.stdout).trim().replace(/^nginx version: /, '');
}

/** Counts the CPUs of a taskset list such as "1", "0-1" or "0,2-3". */
export function cpuCount(list) {
  return list.split(',').reduce((n, part) => {
    const [from, to = from] = part.split('-').map(Number);
    return n + (to - from + 1);
  }, 0);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function renderConfig(template, values) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key) => {
    if (values[key] === undefined) throw new Error(`nginx.conf: no value for {{${key}}}`);
    return String(values[key]);
  });
}

/** The echo's answer to wrk's payload, as the text of an nginx string in single quotes (which still expands `$`). */
export function echoBody(file = join(ROOT, 'spec/fixtures/events/seed.response.json')) {
  const body = readFileSync(file, 'utf8');
  if (body.includes('$')) throw new Error(`${file}: nginx would read its $ as a variable`);
  return body.replace(/[\\']/g, (c) => `\\${c}`);
}

/** loadtest/ceilings/nginx.conf filled in under `run`; returns the config file's path. */
export function writeConfig({ run, workers, listen, staticRoot }) {
  mkdirSync(run, { recursive: true });
  const template = readFileSync(join(ROOT, 'loadtest/ceilings/nginx.conf'), 'utf8');
  const conf = join(run, 'nginx.conf');
  writeFileSync(conf, renderConfig(template, { WORKERS: workers, RUN: run, LISTEN: listen, STATIC_ROOT: staticRoot,
    ECHO_BODY: echoBody() }));
  return conf;
}

/** The nginx command line for a config written by writeConfig. */
export const nginxCommand = (run, conf) => [NGINX, '-p', run, '-e', join(run, 'error.log'), '-c', conf];

// The compose runtime's ceiling: the ceiling service (loadtest/ceilings/ceiling-server.mjs) on the server's cpuset,
// started, reached and sampled as every stack's service is (servers.mjs startService).
export const CEILING_SERVICE = { id: 'ceiling', stack: { name: 'ceiling', port: 8080 } };

/** Starts nginx; returns { pid, host, port, stop() }. */
export async function startNginx(serverCpus) {
  if (process.env.RUNTIME === 'compose') {
    return startService(CEILING_SERVICE, undefined, { env: process.env, timeoutSeconds: 60 });
  }
  if (HOSTS.server.remote) return startRemoteCeiling(serverCpus, CEILING_SERVICE.stack.port);
  const port = await freePort();
  const conf = writeConfig({ run: RUN, workers: serverCpus ? cpuCount(serverCpus) : 'auto',
    listen: `127.0.0.1:${port}`, staticRoot: STATIC_ROOT });
  const log = openSync(join(RUN, 'stdout.log'), 'w');
  const command = nginxCommand(RUN, conf);
  if (serverCpus) command.unshift('taskset', '-c', serverCpus);
  // Its own process group, like the stacks, so stop() reaches master and workers together.
  const child = spawn(command[0], command.slice(1), { detached: true, stdio: ['ignore', log, log] });
  child.unref();
  const state = await waitHealthy(`http://127.0.0.1:${port}`, child.pid, 15_000);
  if (state !== 'healthy') {
    await stop(child.pid, 5_000);
    throw new Error(`nginx ${state}; see ${join(RUN, 'error.log')}`);
  }
  return { pid: child.pid, host: '127.0.0.1', port, stop: () => stop(child.pid, 5_000) };
}
