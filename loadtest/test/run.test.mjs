import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { failureReason, processDied, MAX_ERROR_RATE } from '../run/run.mjs';
import { rmSync } from 'node:fs';
import { start, pidFile, logFile } from '../../harness/lib/processes.mjs';

test('a run fails on no successes, an error rate above 1 %, or a dead server', () => {
  assert.equal(MAX_ERROR_RATE, 0.01);
  assert.equal(failureReason({ successes: 1000, samples: 1010, errors: 10 }, false), null, 'just under 1 %');
  assert.match(failureReason({ successes: 98, samples: 100, errors: 2 }, false), /error rate 2.00 % > 1 %/);
  assert.match(failureReason({ successes: 0, samples: 0, errors: 0 }, false), /no successful samples/);
  assert.match(failureReason({ successes: 100, samples: 100, errors: 0 }, true), /died/);
});

test('processDied: through the runner exit record for what it started, kill 0 otherwise', async () => {
  const target = { id: 'run-test', stack: { name: 'run-test', start: 'sleep 0.2', dir: process.cwd() } };
  const pid = start(target, { PATH: process.env.PATH });
  assert.equal(await processDied(pid), false);
  await new Promise((r) => setTimeout(r, 600));
  assert.equal(await processDied(pid), true);
  for (const file of [pidFile(target), logFile(target)]) rmSync(file, { force: true });
  const other = spawn('sleep', ['5'], { stdio: 'ignore' });
  assert.equal(await processDied(other.pid), false);
  other.kill('SIGKILL');
  await new Promise((r) => other.once('exit', r));
  assert.equal(await processDied(other.pid), true);
});

test('a warm-up is steady when the median of its last rates no longer climbs above the median of those before', async () => {
  const { steady } = await import('../run/run.mjs');
  assert.equal(steady([2053, 2352, 2400]), false, 'one window is nothing to compare with');
  assert.equal(steady([600, 1300, 2053, 2352, 2400, 2410]), false, 'a JIT still climbing: 1300 then 2400');
  assert.equal(steady([2053, 2352, 2400, 2400, 2410, 2390]), true, '2352 then 2400: within 5 %');
  assert.equal(steady([2400, 2410, 2390, 26000, 25900, 26100]), false, 'a plateau, then the next compilation');
  assert.equal(steady([26000, 25800, 26100, 24000, 26050, 25000]), true, 'a dip is not a climb');
  // node-express's hello over veth, from a three-host run (1 s rates): never steady under a rule asking every rate to
  // agree with the best; no longer climbing after 12 s (16623 … 25673, median 23692, then 14974 … 27158, median 22609).
  const noisy = [13054, 13151, 16623, 17824, 24886, 23692, 25673, 14974, 24763, 16885, 22609, 27158, 26898, 27073, 14519,
    14509, 14717, 15747, 22637, 24070];
  const firstSteady = noisy.findIndex((_, i) => steady(noisy.slice(0, i + 1), 5, 0.05)) + 1;
  assert.equal(firstSteady, 12, `steady after ${firstSteady} s`);
  // java-spring5's hello on its way up (1 s rates): a plateau of two or three seconds is not taken for steady.
  const jit = [124, 183, 387, 664, 851, 1056, 1249, 979, 970, 1359, 1548, 1973, 2001, 1970];
  assert.ok(jit.every((_, i) => !steady(jit.slice(0, i + 1), 5, 0.05)));
});

test('untilQuiet: a window the host took CPU from is measured again, its 201s carried; after three the last is kept', async () => {
  const { untilQuiet } = await import('../run/run.mjs');
  const { MAX_STEAL_PERCENT, NOISY_RETRIES } = await import('../sampling/sampler.mjs');
  const windows = (steals) => {
    const seen = [];
    const measure = async (extra) => {
      seen.push(extra);
      const steal = steals[seen.length - 1];
      return { throughput: 1000 * seen.length, created: extra.created + 10, unanswered: extra.unanswered + 1, failed: false,
        steal: { server: steal, loadgen: 0, db: null } };
    };
    return { seen, measure };
  };
  const quiet = windows([MAX_STEAL_PERCENT]);
  const once = await untilQuiet(quiet.measure, { created: 5, unanswered: 2 });
  assert.equal(once.noisy, undefined);
  assert.equal(once.created, 15);

  const notes = [];
  const second = windows([12.34, 0.5]);
  const again = await untilQuiet(second.measure, { created: 5, unanswered: 2 }, (took) => notes.push(took));
  assert.deepEqual(notes, [12.3]);
  assert.deepEqual(second.seen, [{ created: 5, unanswered: 2 }, { created: 15, unanswered: 3 }]);
  assert.equal(again.failed, false);
  assert.equal(again.throughput, 2000);
  assert.equal(again.created, 25, 'the 201s of the window given up still count');
  assert.deepEqual(again.noisy, [{ stealPercent: 12.3, throughput: 1000 }]);

  const never = windows([9, 30, 7, 0]);
  const busy = await untilQuiet(never.measure, { created: 0, unanswered: 0 });
  assert.equal(never.seen.length, NOISY_RETRIES + 1);
  assert.equal(busy.failed, false, 'a host busy all along still leaves a figure');
  assert.equal(busy.stillNoisy, true);
  assert.equal(busy.throughput, 3000, 'the last window');
  assert.deepEqual(busy.noisy.map((n) => n.stealPercent), [9, 30, 7]);

  const smoke = windows([40]);
  const single = await untilQuiet(smoke.measure, { created: 0, unanswered: 0 }, () => {}, 0);
  assert.deepEqual([smoke.seen.length, single.noisy, single.failed], [1, undefined, false], 'no retries: one window, judged on nothing');

  const unread = windows([null]);
  assert.equal((await untilQuiet(unread.measure, { created: 0, unanswered: 0 })).failed, false, 'no steal read: nothing to judge');
});
