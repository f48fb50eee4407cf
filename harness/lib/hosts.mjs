// The bench's roles on hosts: SERVER_HOST (the stack under test and the nginx ceiling), DB_HOST (MariaDB) and
// LOADGEN_HOST (wrk, oha, the chat client), each an address this machine reaches; LOADGEN_HOSTS names several load
// hosts when one cannot saturate the server (wrk runs on each at once; the first is LOADGEN_HOST). Unset, localhost or a loopback
// address is this machine. Any other host is reached with ssh (SSH_CONFIG: an ssh_config file naming its user, key
// and host key; BatchMode, so nothing ever prompts) and runs the project from a clone at the same path as here, at
// the same revision: the project's own make targets and its /proc probe run there, no agent of its own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stacks.mjs';

export const ROLES = ['server', 'db', 'loadgen'];
const VARIABLES = { server: 'SERVER_HOST', db: 'DB_HOST', loadgen: 'LOADGEN_HOST' };

export const isLoopback = (address) => !address || address === 'localhost' || address === '::1' || /^127\./.test(address);

/**
 * { server, db, loadgen }: each { role, address, remote }; remote hosts are reached over ssh. In the compose
 * runtime every role is a service of this machine's engine, reached by its name and sampled through it.
 */
export function hostsOf(env = process.env) {
  const first = loadgenAddresses(env)[0];
  return Object.fromEntries(ROLES.map((role) => {
    const address = (role === 'loadgen' ? first : env[VARIABLES[role]]) || '127.0.0.1';
    return [role, hostAt(role, address, env)];
  }));
}

const hostAt = (role, address, env) => ({ role, address, remote: env.RUNTIME !== 'compose' && !isLoopback(address) });

// LOADGEN_HOSTS="a b" (spaces or commas), else LOADGEN_HOST; checked for what cannot work.
function loadgenAddresses(env) {
  const many = (env.LOADGEN_HOSTS || '').split(/[\s,]+/).filter(Boolean);
  if (!many.length) return [env.LOADGEN_HOST || '127.0.0.1'];
  if (env.LOADGEN_HOST && env.LOADGEN_HOST !== many[0]) {
    throw new Error(`LOADGEN_HOST=${env.LOADGEN_HOST} and LOADGEN_HOSTS="${env.LOADGEN_HOSTS}" disagree: the first load host is LOADGEN_HOST`);
  }
  if (new Set(many).size !== many.length) throw new Error(`LOADGEN_HOSTS="${env.LOADGEN_HOSTS}" names a host twice`);
  if (many.filter(isLoopback).length > 1) throw new Error(`LOADGEN_HOSTS="${env.LOADGEN_HOSTS}" names this machine twice`);
  if (many.length > 1 && env.RUNTIME === 'compose') throw new Error('LOADGEN_HOSTS: the compose runtime has one load generator, the loadtest service');
  return many;
}

/** Every load host, in order (LOADGEN_HOSTS; else the one LOADGEN_HOST): wrk runs on each at once. */
export const loadgenHostsOf = (env = process.env) => loadgenAddresses(env).map((address) => hostAt('loadgen', address, env));

export const anyRemote = (hosts, loadgens = []) => ROLES.some((role) => hosts[role].remote) || loadgens.some((h) => h.remote);

/** A word for a POSIX shell, quoted unless it is plainly safe. */
export const quote = (word) => (/^[\w@%+=:,./-]+$/.test(String(word)) ? String(word) : `'${String(word).replace(/'/g, `'\\''`)}'`);

// The pinned Node.js (make installs it into .tools/ where the host's own differs) and cargo's bin (oha) come first
// on a remote command's PATH, as the Makefile puts them first on every recipe's.
function remotePath() {
  const version = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  return `${ROOT}/.tools/node-${version}/node_modules/node-linux-${arch}/bin:$HOME/.cargo/bin:$PATH`;
}

/** The shell command a remote host runs: in the clone, with the pinned tools first on PATH and `env` set. */
export function remoteCommand(argv, { env = {}, shell = null } = {}) {
  const assignments = Object.entries(env).filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${quote(v)}`);
  const command = shell ?? argv.map(quote).join(' ');
  return `cd ${quote(ROOT)} && export PATH="${remotePath()}" ${assignments.join(' ')} && ${command}`;
}

/** ssh's argument list for one command on a remote host. */
export function sshArgs(host, command, env = process.env) {
  const config = env.SSH_CONFIG ? ['-F', env.SSH_CONFIG] : [];
  return [...config, '-o', 'BatchMode=yes', '-T', host.address, command];
}

/**
 * Spawns argv on the host (here: as it is, in ROOT, with env added to this process's); shell: a shell command
 * instead of argv, run with sh -c. Returns the ChildProcess (for a remote host, ssh's).
 */
export function spawnOn(host, argv, { env = {}, shell = null, stdio = ['ignore', 'pipe', 'pipe'], detached = false } = {}) {
  if (!host?.remote) {
    const [file, args] = shell ? ['sh', ['-c', shell]] : [argv[0], argv.slice(1)];
    return spawn(file, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio, detached });
  }
  return spawn('ssh', sshArgs(host, remoteCommand(argv, { env, shell })), { stdio, detached });
}

/** Runs argv (or a shell command) on the host to its end; resolves { code, stdout, stderr }. input: its stdin. */
export function runOn(host, argv, { env = {}, shell = null, input = null, timeoutMs = 0 } = {}) {
  return new Promise((done, fail) => {
    const child = spawnOn(host, argv, { env, shell, stdio: [input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : null;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.once('error', fail);
    child.once('close', (code) => {
      if (timer) clearTimeout(timer);
      done({ code: code ?? 128, stdout, stderr });
    });
    if (input !== null) child.stdin.end(input);
  });
}

/** runOn that throws, with the command's output, unless it exits 0; resolves its stdout. */
export async function mustRunOn(host, argv, options = {}) {
  const r = await runOn(host, argv, options);
  if (r.code !== 0) {
    const what = options.shell ?? argv.join(' ');
    throw new Error(`${host.role} host ${host.address}: \`${what}\` exited with ${r.code}:\n${`${r.stdout}${r.stderr}`.trim().split('\n').slice(-15).join('\n')}`);
  }
  return r.stdout;
}
