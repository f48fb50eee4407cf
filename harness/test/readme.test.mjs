import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadStacks } from '../lib/stacks.mjs';

// The README's table is prose for people; stack.json is the truth. They must not drift apart.
test('the README table lists every present stack with the port from its stack.json', () => {
  const rows = new Map();
  for (const line of readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n')) {
    const match = line.match(/^\| \[`([\w-]+)`\]\([\w-]+\/\)[^|]*\| (\d+) \|/);
    if (match) rows.set(match[1], Number(match[2]));
  }
  for (const stack of loadStacks()) {
    assert.equal(rows.get(stack.name), stack.port, `README row for ${stack.name}`);
  }
});

test('.ci/run runs exactly the README test commands', () => {
  const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  assert.match(readme, /^make test\s+#/m);
  assert.match(readme, /^make compose-test\s+#/m);
  assert.deepEqual(ci.split('\n').filter((l) => l && !l.startsWith('#') && !/^(set|cd) /.test(l)), ['make test', 'make compose-test']);
});
