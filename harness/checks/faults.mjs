#!/usr/bin/env node
// `make faults`: what every stack and variant does when things go wrong, started for real and pinned as the
// bench pins them, against the private MariaDB:
// - ten clients download a 100 MiB file at once (faults/downloads.mjs);
// - the database stopped and started again while bookings are posted (faults/outage.mjs);
// - SIGTERM while bookings are posted and a room chats (faults/shutdown.mjs).
// Prints one row per target, writes them to results/faults/<timestamp>/REPORT.md (results/faults/latest), and
// exits non-zero when any check failed. `--readme` puts the latest report's table into docs/faults.md instead
// (`make readme-faults`). Environment: STACKS, SERVER_CPUS, DB_CPUS, RESULTS_DIR; RUNTIME=compose (make
// compose-test) runs the same checks on the compose services from this host: each stack its container, reached on
// its published port, SIGTERM from `docker stop` through tini, memory from the container's own accounting, the
// database the db service stopped and started, the large file written into the static volume.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { ROOT, STATIC_ROOT } from '../lib/stacks.mjs';
import { exitOf } from '../lib/processes.mjs';
import { stopStackServices } from '../lib/containers.mjs';
import { pseudoRandomBytes } from '../../spec/fixtures/static/generate.mjs';
import { selectPinning } from '../../loadtest/run/profiles.mjs';
import { connect, ensureDatabase } from '../../loadtest/run/db.mjs';
import { benchTargets, startStack } from '../../loadtest/run/servers.mjs';
import { LARGE_BYTES, LARGE_FILE, largeDownloads } from './faults/downloads.mjs';
import { SLOW_READER_CLAUSE, sigtermUnderLoad } from './faults/shutdown.mjs';
import { RECOVERY_CLAUSE, databaseOutage } from './faults/outage.mjs';

const pinning = selectPinning(availableParallelism());
const COMPOSE = process.env.RUNTIME === 'compose';
// A compose run's reports apart from the native ones, which docs/faults.md's table is made from.
const resultsDir = join(resolve(ROOT, process.env.RESULTS_DIR || 'results'), COMPOSE ? 'faults-compose' : 'faults');
const BEGIN = '<!-- faults:begin (make faults, then make readme-faults) -->';
const END = '<!-- faults:end -->';
const MiB = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const FAULTS_CLAUSES = [RECOVERY_CLAUSE, SLOW_READER_CLAUSE]; // the checks a stack.json deviation may name
let current = null; // the stack up right now, stopped on Ctrl-C too
let largeFile = null;

process.once('SIGINT', async () => {
  await current?.stop();
  if (largeFile) removeLargeFile(largeFile);
  process.exit(130);
});

// In compose the static tree is the static volume, written through the static service's one-shot container.
const inStaticVolume = (script, input) => {
  const run = spawnSync('docker', ['compose', 'run', '--rm', '--no-deps', '-T', 'static', 'sh', '-c', script],
    { cwd: ROOT, input, maxBuffer: 1024 * 1024, encoding: input ? undefined : 'utf8' });
  if (run.status !== 0) throw new Error(`docker compose run static sh -c '${script}' failed: ${run.stderr}`);
};

function writeLargeFile() {
  const content = pseudoRandomBytes(LARGE_FILE, LARGE_BYTES);
  if (COMPOSE) {
    inStaticVolume(`cat >/static/${LARGE_FILE}.tmp && mv /static/${LARGE_FILE}.tmp /static/${LARGE_FILE}`, content);
    return { file: LARGE_FILE, content };
  }
  const file = join(STATIC_ROOT, LARGE_FILE);
  writeFileSync(`${file}.tmp`, content);
  renameSync(`${file}.tmp`, file);
  return { file, content };
}

function removeLargeFile(file) {
  if (COMPOSE) inStaticVolume(`rm -f /static/${LARGE_FILE}`);
  else rmSync(file, { force: true });
}

async function faultsOf(target, large, db) {
  const row = { target: target.id, problems: [] };
  for (const d of target.deviations.filter((x) => x.suite === 'faults' && !FAULTS_CLAUSES.includes(x.test))) {
    row.problems.push(`deviation in ${target.stack.name}/stack.json names no check of make faults: "${d.test}"`);
  }
  let server;
  try {
    server = await startStack(target, pinning.server, console.log, (started) => { current = started; });
    const exited = server.exited ?? exitOf(server.pid);
    const downloads = await largeDownloads(server, large.content);
    row.downloads = downloads;
    row.problems.push(...downloads.problems.map((p) => `downloads: ${p}`));
    const outage = await databaseOutage(server, pinning.db, target.deviations);
    row.outage = outage;
    row.problems.push(...outage.problems.map((p) => `outage: ${p}`));
    const shutdown = await sigtermUnderLoad(server, exited, db, target.deviations);
    row.shutdown = shutdown;
    row.problems.push(...shutdown.problems.map((p) => `SIGTERM: ${p}`));
  } catch (error) {
    row.problems.push(error.message);
  } finally {
    await server?.stop(); // whatever outlived the signal (a worker, say); nothing when all is gone
  }
  return row;
}

// What the bookings sent while the database was down were answered with, e.g. "40 × 503, 2 × 500".
const outageStatuses = (o) => Object.entries(o.outageStatuses).map(([s, n]) => `${n} × ${s}`).join(', ') || 'nothing';

function formatRow(r) {
  const d = r.downloads;
  const s = r.shutdown;
  const o = r.outage;
  const downloads = d ? `${MiB(d.growthBytes)} MiB in ${d.seconds.toFixed(1)} s` : '-';
  const outage = o ? `${outageStatuses(o)}, slowest ${(o.slowestMs / 1000).toFixed(1)} s; /health ${o.health.status ?? 'none'} in ${(o.health.ms / 1000).toFixed(1)} s; ` +
    `201 again after ${(o.recoveryMs / 1000).toFixed(1)} s${o.deviation ? ' (a deviation)' : ''}; restarted idle: ${o.idleAnswered - o.idleFailed} of ${o.idleAnswered} × 201` : '-';
  const shutdown = s ? `exit ${s.exitCode ?? s.exitSignal ?? 'none'} after ${s.exitSeconds.toFixed(1)} s; ${s.created} × 201, ${s.rows} rows` +
    `${s.unanswered ? ` (${s.unanswered} unanswered)` : ''}; chat ${s.chatCodes.join('/')}${s.deviation ? ' (a deviation)' : ''}` : '-';
  return `| ${r.target} | ${downloads} | ${outage} | ${shutdown} | ${r.problems.length ? 'FAILED' : 'ok'} |`;
}

function writeReport(rows) {
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const sha = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || '?';
  const memory = COMPOSE ? 'the container\'s memory' : 'Pss';
  const table = [`| target | 10 × 100 MiB at once: memory growth (${memory}), time | database down under bookings load: answers while down, /health, recovery | SIGTERM under bookings and chat load | |`,
    '| --- | --- | --- | --- | --- |', ...rows.map(formatRow)].join('\n');
  const dir = join(resultsDir, stamp);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'REPORT.md');
  const where = COMPOSE ? `runtime compose (each stack in its container, cpuset ${process.env.SERVER_CPUS ?? 'of docker-compose.yml'})`
    : `server on CPU ${pinning.server}`;
  writeFileSync(file, `Run \`${stamp}\`, git ${sha}, ${where}, ${availableParallelism()} CPUs.\n\n${table}\n`);
  rmSync(join(resultsDir, 'latest'), { force: true });
  symlinkSync(stamp, join(resultsDir, 'latest'));
  return { table, file };
}

function updateReadme() {
  const report = readFileSync(join(resultsDir, 'latest', 'REPORT.md'), 'utf8').trim();
  const page = join(ROOT, 'docs/faults.md');
  const text = readFileSync(page, 'utf8');
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from === -1 || to === -1) throw new Error(`docs/faults.md has no ${BEGIN} … ${END} markers`);
  writeFileSync(page, `${text.slice(0, from)}${BEGIN}\n\n${report}\n\n${text.slice(to)}`);
}

async function main() {
  if (process.argv.includes('--readme')) return updateReadme();
  const targets = benchTargets(process.env.STACKS, { withVariants: true });
  // An idle stack service left up (by make up) would share the server's CPUs with the one under test.
  if (COMPOSE) await stopStackServices(benchTargets('').map((t) => t.stack));
  ensureDatabase(pinning.db);
  const db = await connect();
  const large = writeLargeFile();
  largeFile = large.file;
  const rows = [];
  try {
    for (const target of targets) {
      console.log(`faults: ${target.id}`);
      rows.push(await faultsOf(target, large, db));
    }
  } finally {
    removeLargeFile(large.file);
    await db.end();
  }
  const report = writeReport(rows);
  console.log(`\n${report.table}\n\nfaults: ${report.file}`);
  const failed = rows.filter((r) => r.problems.length);
  for (const r of failed) for (const p of r.problems) console.error(`${r.target}: ${p}`);
  if (failed.length) process.exitCode = 1;
}

await main();
