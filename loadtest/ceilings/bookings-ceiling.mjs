// The bookings ceiling (loadtest/ceilings/bookings-ceiling/): the bookings transaction driven straight at MariaDB by a
// small Go client (built by ceilings/go-build.mjs), run pinned to `cpus` when given. It prints `measuring` when its warm-up ends and one
// JSON line when it is done; see the header of its main.go.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dbSettings } from '../../harness/lib/stacks.mjs';
import { ensureGoBinary } from './go-build.mjs';
import { tsvCorpusOf } from '../generators/corpus.mjs';
import { difference, perBooking } from '../reports/database-share.mjs';
import { failedRun, failureReason, startProbes } from '../run/run.mjs';
import { throughput } from '../reports/stats.mjs';

const TAIL_LINES = 10;

/** The client's binary (ceilings/go-build.mjs). */
export const ensureBookingsCeiling = () => ensureGoBinary('bookings-ceiling');

const dsnOf = ({ host, port, user, password, name }) =>
  `${user}:${password}@tcp(${host.includes(':') ? `[${host}]` : host}:${port})/${name}`;

/**
 * Starts one run: `warmupSeconds`, then `seconds` measured, over the TSV corpus (tsvCorpusOf). Returns { pid,
 * measuring (resolves when the warm-up is over), done (resolves the client's JSON report; rejects with the tail of
 * its stderr when it fails or prints none), stop() (ends the run early: the report still comes) }.
 */
export function startBookingsCeiling({ db, corpusTsv, connections = 32, warmupSeconds, seconds, cpus = '', seed = 1 }) {
  const binary = ensureBookingsCeiling();
  const args = ['-dsn', dsnOf(db), '-corpus', corpusTsv, '-connections', String(connections),
    '-warmup', String(warmupSeconds), '-seconds', String(seconds), '-seed', String(seed)];
  const child = cpus ? spawn('taskset', ['-c', String(cpus), binary, ...args]) : spawn(binary, args);
  let stdout = '';
  let stderr = '';
  let measured;
  let failed;
  const measuring = new Promise((resolve, reject) => { measured = resolve; failed = reject; });
  measuring.catch(() => {}); // a caller that awaits only done must not see an unhandled rejection
  child.stdout.on('data', (data) => {
    stdout += data;
    if (/^measuring$/m.test(stdout)) measured();
  });
  child.stderr.on('data', (data) => { stderr += data; });
  const done = new Promise((resolve, reject) => {
    const fail = (why) => {
      const error = new Error(`bookings-ceiling ${why}${stderr.trim() ? `:\n${stderr.trim().split('\n').slice(-TAIL_LINES).join('\n')}` : ''}`);
      failed(error);
      reject(error);
    };
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    child.once('close', (code, signal) => {
      const last = stdout.trim().split('\n').at(-1);
      let report = null;
      try { report = JSON.parse(last); } catch { /* reported below */ }
      if (code !== 0) fail(`exited with ${code ?? signal}`);
      else if (!report) fail(`printed no report (its last line: ${JSON.stringify(last)})`);
      else {
        failed(new Error('bookings-ceiling was stopped before its warm-up ended'));
        resolve(report);
      }
    });
  });
  return { pid: child.pid, measuring, done, stop: () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM'); } };
}

// The stacks' pool (spec/API.md §1.1, DB_POOL_SIZE): the client opens as many connections as a stack may.
const POOL_SIZE = Number(process.env.DB_POOL_SIZE || 32);

/**
 * One measured window of the bookings ceiling, sampled as a stack's is: the client stands where a stack would, on
 * the server's CPUs (on the load generator's it would share MariaDB's CPU there, and bound the database it is to
 * measure), its own process sampled as a server's, MariaDB and every role's CPUs beside it, MariaDB's counters read
 * either side. Warmed up for the profile's shortest warm-up; `created` counts the warm-up's commits too, for the
 * invariant checked after it. counters: () => MariaDB's counters (database-share.mjs readCounters).
 */
export async function measureBookingsCeiling({ step, profile, corpus, dir, pinning, progress, counters }) {
  mkdirSync(dir, { recursive: true });
  progress.phase('warmup');
  let client = null;
  let probes = null;
  try {
    client = startBookingsCeiling({ db: dbSettings(process.env), corpusTsv: tsvCorpusOf(corpus), connections: POOL_SIZE,
      warmupSeconds: profile.warmup?.steady?.minSeconds ?? profile.warmup?.durationSeconds ?? 5, seconds: step.durationSeconds,
      cpus: pinning.server });
    await client.measuring;
    progress.phase('measure');
    const before = await counters();
    probes = startProbes(client.pid);
    probes.generator(client.pid);
    const result = await client.done;
    const ended = Date.now();
    const summarise = probes.stop();
    probes = null;
    const database = difference(before, await counters());
    writeFileSync(join(dir, 'bookings-ceiling.json'), `${JSON.stringify(result, null, 2)}\n`);
    const { seconds } = result;
    const window = { from: ended - seconds * 1000, to: ended, seconds };
    const sampled = summarise(window.from, window.to, pinning);
    const errors = result.failed + result.otherErrors;
    const counts = { successes: result.committed, samples: result.committed + errors, errors };
    progress.rate?.(result.committed / seconds);
    const reason = failureReason(counts, false);
    return {
      generator: 'bookings-ceiling', throughput: throughput(result.committed, seconds * 1000), ...counts,
      errorRate: counts.samples ? errors / counts.samples : null,
      errorCodes: Object.fromEntries(Object.entries(result.retries).filter(([, n]) => n).map(([code, n]) => [`${code} (retried)`, n])),
      created: result.committedTotal, unanswered: 0, elapsed: [], window, ...sampled,
      database: { counters: database, perBooking: perBooking(database, { bookings: result.committed, seconds,
        databaseCpuPercent: sampled.databaseCpuPercent }) },
      raw: join(dir, 'bookings-ceiling.json'), died: false, failed: Boolean(reason), ...(reason ? { reason } : {}),
    };
  } catch (error) {
    probes?.stop();
    client?.stop();
    // What it committed is unknown: no invariant to check (created stays unset).
    const { created, ...failed } = failedRun(`the bookings ceiling: ${error.message}`);
    return failed;
  }
}
