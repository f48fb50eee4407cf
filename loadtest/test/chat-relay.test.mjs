// The chat ceiling is only a ceiling if it relays the chat protocol as the stacks must: the conformance suite's chat
// clauses run against it (spec/conformance/chat*.test.mjs), and every clause it passes not is named here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { goCommand } from '../ceilings/go-build.mjs';
import { startChatRelay } from '../ceilings/chat-relay.mjs';

const skip = goCommand() ? false : 'Go is missing (make go-check installs it): the chat relay cannot be built';
// Clauses of the chat files the relay does not implement, by test name, each with why.
const NOT_IMPLEMENTED = new Map([]);
const FILES = ['chat.test.mjs', 'chat-order.test.mjs', 'chat-violations.test.mjs', 'chat-backpressure.test.mjs'];

test('the chat relay passes the conformance suite\'s chat clauses, but those it names', { skip, timeout: 600_000 }, async () => {
  const relay = await startChatRelay('');
  try {
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', ...FILES.map((f) => join(ROOT, 'spec/conformance', f))], {
      cwd: join(ROOT, 'spec/conformance'), encoding: 'utf8', maxBuffer: 64 * 2 ** 20,
      // The chat clauses touch no database; the suite asks for its URL all the same.
      // NODE_TEST_CONTEXT would make the child a part of this test run, which then runs none of its files.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT')), CONFORMANCE_BASE_URL: `http://${relay.host}:${relay.port}`, CONFORMANCE_DB_URL: 'mysql://unused@127.0.0.1:1/unused',
        CONFORMANCE_STACK: '' },
    });
    const failed = [...run.stdout.matchAll(/^\s*not ok \d+ - (.+)$/gm)].map((m) => m[1].trim())
      .filter((name) => !FILES.some((f) => name.endsWith(f)));
    const unexpected = failed.filter((name) => !NOT_IMPLEMENTED.has(name));
    assert.deepEqual(unexpected, [], `failed:\n${unexpected.join('\n')}\n${run.stdout.slice(-4000)}${run.stderr.slice(-2000)}`);
    const passed = [...run.stdout.matchAll(/^\s*ok \d+ - (.+)$/gm)].length;
    assert.ok(passed > 20, `${passed} clauses passed`);
  } finally {
    await relay.stop();
  }
});
