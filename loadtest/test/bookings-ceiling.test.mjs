// The bookings ceiling against the real private MariaDB (harness/runtimes/native/db.sh up), in a scratch database of its own
// (harness/runtimes/native/db.sh fresh, as the fuzzer makes its own), dropped afterwards: the bench database is never touched.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, dbSettings } from '../../harness/lib/stacks.mjs';
import { connect } from '../run/db.mjs';
import { checkInvariant } from '../run/invariant.mjs';
import { ensureBookingsCeiling, startBookingsCeiling } from '../ceilings/bookings-ceiling.mjs';
import { goCommand } from '../ceilings/go-build.mjs';
import { tsvCorpusOf, writeCorpus } from '../generators/corpus.mjs';

const NAME = 'bookings_ceiling_test';
const skip = goCommand() ? false : 'Go is missing (make go-check installs it): the bookings ceiling cannot be built';
const settings = { ...dbSettings(), name: NAME };
const dir = mkdtempSync(join(tmpdir(), 'bookings-ceiling-'));
let db;
let corpusTsv;

before(async () => {
  if (skip) return;
  ensureBookingsCeiling(); // the first build fetches the driver through the Go module proxy: not part of a run
  const fresh = spawnSync(join(ROOT, 'harness/runtimes/native/db.sh'), ['fresh', NAME], { encoding: 'utf8' });
  assert.equal(fresh.status, 0, `harness/runtimes/native/db.sh fresh ${NAME}: ${fresh.stdout}${fresh.stderr}`);
  db = await connect({ ...process.env, DB_NAME: NAME });
  corpusTsv = tsvCorpusOf(await writeCorpus(dir, { count: 200 }));
});

after(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!db) return;
  await db.query(`DROP DATABASE IF EXISTS \`${NAME}\``);
  await db.end();
});

test('8 connections for 1 s of warm-up and 2 s measured commit bookings, and the invariant holds over all of them', { skip, timeout: 60_000 }, async () => {
  const run = startBookingsCeiling({ db: settings, corpusTsv, connections: 8, warmupSeconds: 1, seconds: 2 });
  assert.ok(run.pid > 0);
  const began = Date.now();
  await run.measuring;
  assert.ok(Date.now() - began >= 900, 'measuring once the warm-up is over');
  const report = await run.done;
  assert.deepEqual(Object.keys(report), ['committed', 'committedTotal', 'failed', 'retries', 'otherErrors', 'seconds', 'connections']);
  assert.deepEqual(Object.keys(report.retries).sort(), ['1062', '1205', '1213']);
  assert.ok(report.committed > 0 && report.committedTotal > report.committed, JSON.stringify(report));
  assert.equal(report.otherErrors, 0, JSON.stringify(report));
  assert.equal(report.connections, 8);
  assert.ok(report.seconds >= 2 && report.seconds < 2.5, `the measured window: ${report.seconds} s`);
  // As the bench checks a stack's run: every committed booking is there, and nothing more.
  const invariant = await checkInvariant(db, { expectedBookings: report.committedTotal });
  assert.deepEqual(invariant.problems, []);
  assert.ok(invariant.ok);
});

test('stop() ends the run early, the transactions in flight finished and the report still printed', { skip, timeout: 60_000 }, async () => {
  await db.query('TRUNCATE TABLE bookings');
  await db.query('TRUNCATE TABLE aggregates');
  const run = startBookingsCeiling({ db: settings, corpusTsv, connections: 4, warmupSeconds: 0, seconds: 600 });
  await run.measuring;
  await new Promise((resolve) => setTimeout(resolve, 500));
  run.stop();
  const report = await run.done;
  assert.ok(report.seconds > 0.4 && report.seconds < 5, `stopped after ${report.seconds} s`);
  // The ones in flight at the stop finish after the window: committed in all, not in it.
  assert.ok(report.committed > 0 && report.committedTotal >= report.committed, JSON.stringify(report));
  assert.ok((await checkInvariant(db, { expectedBookings: report.committedTotal })).ok);
});

test('a database that refuses the client makes done and measuring reject with its error', { skip, timeout: 30_000 }, async () => {
  const run = startBookingsCeiling({ db: { ...settings, password: 'not-the-password' }, corpusTsv, connections: 2,
    warmupSeconds: 0, seconds: 1 });
  await assert.rejects(run.done, (error) => {
    assert.match(error.message, /^bookings-ceiling exited with 1:\n.*cannot use the database bookings_ceiling_test at .*Access denied/s);
    return true;
  });
  await assert.rejects(run.measuring, /Access denied/);
});
