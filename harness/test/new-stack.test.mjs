// CONTRIBUTING.md's "Adding a stack", followed once: a throwaway stack (fixtures/node-throwaway) added to a copy
// of this checkout is picked up by the stack list, the layout check, the compose services, the README's stack table
// and the loadtest image with nothing edited outside its directory but the generated files; a Java stack also needs
// its one Maven module line, and make layout says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadStacks } from '../lib/stacks.mjs';
import { layoutProblems } from '../lib/layout.mjs';
import { stackListProblems } from '../checks/stack-lists.mjs';
import { withStackServices } from '../runtimes/compose/compose-services.mjs';
import { withStackTable } from '../checks/stack-table.mjs';
import { composeProblems, readCompose } from '../runtimes/compose/compose.mjs';
import { addDirectory, checkout, replaceFile } from './checkout.mjs';

const FIXTURE = join(import.meta.dirname, 'fixtures/node-throwaway');

test('a new stack is its own directory: the lists of stacks pick it up, and only the generated files change', () => {
  const root = checkout();
  addDirectory(root, 'node-throwaway', FIXTURE);
  const added = loadStacks(root).find((s) => s.name === 'node-throwaway');
  assert.equal(added?.port, 8088, 'the stack list reads its stack.json');
  assert.deepEqual(layoutProblems(root), [], 'the layout check takes it as it takes node-cluster');
  assert.deepEqual(stackListProblems(root), ['docker-compose.yml: its stack services differ from the stack.json files; run make compose-file',
    'README.md: the stack table differs from the stack.json files; run make readme-layout']);

  replaceFile(root, 'docker-compose.yml', withStackServices(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), root));
  replaceFile(root, 'README.md', withStackTable(readFileSync(join(root, 'README.md'), 'utf8'), root));
  assert.deepEqual(stackListProblems(root), []);
  assert.ok(readFileSync(join(root, 'README.md'), 'utf8').includes(
    "| [`node-throwaway`](node-throwaway/) (node-express renamed) | 8088 | ✓ | ✓ | ✓ | ✓ | ✓ (the throwaway's own note) |"));
  assert.deepEqual(composeProblems(root), [], 'its service, its Dockerfile and the loadtest image agree with its stack.json');
  const service = readCompose(root).services['node-throwaway'];
  assert.deepEqual(service.ports, ['127.0.0.1:8088:8088']);
  assert.equal(service.build.dockerfile, 'node-throwaway/Dockerfile');
  assert.equal(service.environment.NODE_ENV, '${NODE_ENV:-production}');
  assert.ok('NODE_DEBUG' in service.environment, 'its variant\'s variable is passed through');
});

test('a new Java stack needs its one line in the root pom, and make layout names it', () => {
  const root = checkout();
  const stack = JSON.parse(readFileSync(join(FIXTURE, 'stack.json'), 'utf8'));
  addDirectory(root, 'java-throwaway', FIXTURE);
  // A copy, not a link: written in place.
  writeFileSync(join(root, 'java-throwaway/stack.json'), JSON.stringify({ ...stack, name: 'java-throwaway', runtime: 'java', workloadsFrom: undefined }));
  assert.ok(stackListProblems(root).includes('pom.xml: java-throwaway is not a module; add <module>java-throwaway</module> to the root pom'));
  const pom = readFileSync(join(root, 'pom.xml'), 'utf8');
  replaceFile(root, 'pom.xml', pom.replace('<modules>', '<modules>\n    <module>java-throwaway</module>'));
  assert.ok(!stackListProblems(root).some((p) => p.startsWith('pom.xml:')));
});
