// The bench's own connection to the private MariaDB (harness/runtimes/native/db.sh): truncation before bookings runs, the
// invariant check after them, and the server version for the summary.
import mysql from 'mysql2/promise';
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, RUN_DIR, dbSettings } from '../../harness/lib/stacks.mjs';
import { mustRunOn } from '../../harness/lib/hosts.mjs';
import { HOSTS } from '../sampling/remote.mjs';

// A small pool rather than one connection: a bench lasts long and a connection idle that long may be gone.
export async function connect(env = process.env) {
  const db = dbSettings(env);
  return mysql.createPool({
    host: db.host, port: Number(db.port), user: db.user, password: db.password, database: db.name,
    dateStrings: true, timezone: 'Z', connectTimeout: 5_000, connectionLimit: 2,
  });
}

const QUIET_POLLS = 3;
const QUIET_POLL_MS = 100;
const QUIET_LIMIT_MS = 60_000;

/**
 * Empties the bookings tables once the stack has finished what an earlier run left it (a generator that stops
 * walks away from its requests in flight; the stack still runs them). A transaction that had updated its
 * aggregates when TRUNCATE aggregates came would keep its booking row and lose its increments: the invariant
 * of the next run would fail for the last run's stragglers. Quiet is no open transaction but the bench's own,
 * three polls in a row (PROCESS privilege, granted to the bench user natively and in compose).
 */
export async function truncate(db) {
  const deadline = Date.now() + QUIET_LIMIT_MS;
  for (let quiet = 0; quiet < QUIET_POLLS;) {
    const [[{ open }]] = await db.query(
      'SELECT COUNT(*) AS open FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id <> CONNECTION_ID()');
    quiet = Number(open) === 0 ? quiet + 1 : 0;
    if (Date.now() > deadline) throw new Error(`the database still had transactions open ${QUIET_LIMIT_MS / 1000} s after the last run`);
    await new Promise((r) => setTimeout(r, QUIET_POLL_MS));
  }
  await db.query('TRUNCATE TABLE bookings');
  await db.query('TRUNCATE TABLE aggregates');
}

export async function serverVersion(db) {
  const [[row]] = await db.query('SELECT VERSION() AS v');
  return row.v;
}

/** MariaDB's pid (its CPU is sampled beside the server's), or null when it is not ours to see (compose). */
export function databasePid() {
  const pidFile = join(RUN_DIR, 'mariadb/mysqld.pid');
  if (process.env.RUNTIME === 'compose' || !existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return pid > 0 ? pid : null;
}

let remoteDatabase = null; // { pid, on } of MariaDB on DB_HOST, once ensureRemoteDatabase has started it

/** MariaDB's process as the probes sample it: { pid (null when not ours to see), on (its host, null for this one) }. */
export function databaseProcess() {
  return remoteDatabase ?? { pid: databasePid(), on: null };
}

/**
 * MariaDB on DB_HOST, another host: harness/runtimes/native/db.sh up there (bound to that address, pinned to DB_CPUS there, the
 * bench user granted to this machine and the server host as the database host sees them), every thread pinned.
 */
export async function ensureRemoteDatabase(dbCpus) {
  const host = HOSTS.db;
  const db = dbSettings();
  // This machine as the database host sees it (ssh's own record of the connection), and the server host's source
  // address towards it (its route), so the grants name exactly the two clients.
  const controller = (await mustRunOn(host, [], { shell: 'echo "$SSH_CLIENT"' })).trim().split(/\s+/)[0];
  const server = HOSTS.server.remote
    ? /\bsrc (\S+)/.exec(await mustRunOn(HOSTS.server, ['ip', '-o', 'route', 'get', host.address]))?.[1] ?? HOSTS.server.address
    : controller;
  await mustRunOn(host, ['harness/runtimes/native/db.sh', 'up'], { env: { DB_HOST: host.address, DB_PORT: db.port, DB_NAME: db.name,
    DB_USER: db.user, DB_PASSWORD: db.password, DB_CPUS: dbCpus, DB_CLIENTS: [...new Set([controller, server])].join(' ') } });
  const pid = Number((await mustRunOn(host, [], { shell: 'cat "${RUN_DIR:-$PWD/.run}/mariadb/mysqld.pid"' })).trim());
  if (dbCpus) await mustRunOn(host, ['taskset', '-a', '-c', '-p', dbCpus, String(pid)]);
  remoteDatabase = { pid, on: host };
  return remoteDatabase;
}

/**
 * Starts MariaDB if needed (harness/runtimes/native/db.sh up, pinned to DB_CPUS when it starts) and pins an already running
 * one to DB_CPUS too, every thread of it, so the pinning the summary records is the one in effect.
 */
export function ensureDatabase(dbCpus) {
  if (process.env.RUNTIME === 'compose') return ensureComposeDatabase();
  const up = spawnSync(join(ROOT, 'harness/runtimes/native/db.sh'), ['up'], { env: { ...process.env, DB_CPUS: dbCpus }, encoding: 'utf8' });
  if (up.status !== 0) throw new Error(`harness/runtimes/native/db.sh up failed:\n${up.stdout}${up.stderr}`);
  const pidFile = join(RUN_DIR, 'mariadb/mysqld.pid');
  if (!dbCpus || !existsSync(pidFile)) return;
  const pid = readFileSync(pidFile, 'utf8').trim();
  const pin = spawnSync('taskset', ['-a', '-c', '-p', dbCpus, pid], { encoding: 'utf8' });
  if (pin.status !== 0) throw new Error(`taskset -a -c -p ${dbCpus} ${pid} failed: ${pin.stderr}`);
}

/** A database restarted (make faults' outage) pinned again as it was: natively its threads; in compose its cpuset holds. */
export function repinDatabase(dbCpus) {
  if (process.env.RUNTIME !== 'compose') ensureDatabase(dbCpus);
}

// The compose runtime's database (make faults in make compose-test): the db service, pinned by its cpuset.
function ensureComposeDatabase() {
  const up = spawnSync('docker', ['compose', 'up', '--detach', '--wait', 'db'], { cwd: ROOT, encoding: 'utf8' });
  if (up.status !== 0) throw new Error(`docker compose up db failed:\n${up.stdout}${up.stderr}`);
}

/**
 * The database stopped (as a crash or a maintenance stop looks to the stacks) and started again, for make faults:
 * harness/runtimes/native/db.sh natively, the db service's container in compose (the same container, so its address and cpuset
 * are kept). startDatabase returns once the server is started, not necessarily answering.
 */
export async function stopDatabase() {
  await runQuietly(process.env.RUNTIME === 'compose' ? ['docker', 'compose', 'stop', 'db'] : [join(ROOT, 'harness/runtimes/native/db.sh'), 'down']);
}

export async function startDatabase(dbCpus) {
  await runQuietly(process.env.RUNTIME === 'compose' ? ['docker', 'compose', 'start', 'db'] : [join(ROOT, 'harness/runtimes/native/db.sh'), 'up'],
    { DB_CPUS: dbCpus });
}

function runQuietly([command, ...args], env = {}) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: ROOT, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}
