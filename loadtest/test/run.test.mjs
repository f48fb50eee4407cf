import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { failureReason, processDied, MAX_ERROR_RATE } from '../lib/run.mjs';
import { rmSync } from 'node:fs';
import { start, pidFile, logFile } from '../../scripts/lib/processes.mjs';

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

test('a warm-up is steady when its last three rates agree within 5 % and none before was better', async () => {
  const { steady } = await import('../lib/run.mjs');
  assert.equal(steady([2053, 2352, 2400]), false, 'a JIT plateau still rising from below');
  assert.equal(steady([600, 1300, 2053, 2352, 2400, 2410]), true);
  assert.equal(steady([2400, 2410, 2390, 26000, 25900]), false, 'two runs are not a window');
  assert.equal(steady([26000, 2400, 2410, 2390]), false, 'a dip below the best is not steady');
  assert.equal(steady([23549, 25977, 25716, 26100]), true);
});
