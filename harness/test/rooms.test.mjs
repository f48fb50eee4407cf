import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/stacks.mjs';
import { floorPlanProblems, readRooms, roomOf, roomProblems, sharedPinProblems } from '../checks/rooms.mjs';

const rooms = readRooms(ROOT);

test('the checkout keeps its floor plan: every room has its README and every import points down', () => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  assert.deepEqual(floorPlanProblems(ROOT, tracked), []);
});

test('a file belongs to the deepest room it lies in', () => {
  assert.equal(roomOf(rooms, 'loadtest/run/run.mjs'), 'loadtest/run');
  assert.equal(roomOf(rooms, 'loadtest/bench.mjs'), 'loadtest');
  assert.equal(roomOf(rooms, 'loadtest/test/plan.test.mjs'), 'loadtest');
  assert.equal(roomOf(rooms, 'harness/lib/stacks.mjs'), 'harness/lib');
  assert.equal(roomOf(rooms, 'node-express/src/app.js'), null);
});

test('an import that points up is named with both rooms', () => {
  const files = [
    ['harness/lib/stacks.mjs', "import { run } from '../../loadtest/run/run.mjs';"],
    ['loadtest/reports/report.mjs', "const plan = await import('../run/plan.mjs');"],
    ['loadtest/run/run.mjs', "import { stats } from '../reports/stats.mjs';\nimport { ROOT } from '../../harness/lib/stacks.mjs';"],
    ['spec/conformance/run.mjs', "import { ROOT } from '../../harness/lib/stacks.mjs';"],
  ];
  assert.deepEqual(roomProblems(rooms, files), [
    'harness/lib/stacks.mjs imports loadtest/run/run.mjs: harness/lib may not import loadtest/run (harness/rooms.json)',
    'loadtest/reports/report.mjs imports loadtest/run/plan.mjs: loadtest/reports may not import loadtest/run (harness/rooms.json)',
    'spec/conformance/run.mjs imports harness/lib/stacks.mjs: spec may not import harness/lib (harness/rooms.json)',
  ]);
});

test('a room without its README is named', () => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)
    .filter((f) => f !== 'loadtest/ceilings/README.md');
  assert.ok(floorPlanProblems(ROOT, tracked).includes('loadtest/ceilings: a room of harness/rooms.json without a README.md'));
});

test('a package pinned at two versions in the harness\'s folders is named', () => {
  const root = mkdtempSync(join(tmpdir(), 'pins-'));
  const pins = { harness: { ws: '8.23.0', yaml: '2.9.1' }, loadtest: { ws: '8.23.0' }, 'spec/conformance': { ws: '8.22.0' }, site: {} };
  for (const [dir, dependencies] of Object.entries(pins)) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify({ dependencies }));
  }
  assert.deepEqual(sharedPinProblems(root), ['ws is pinned at different versions: harness 8.23.0, loadtest 8.23.0, spec/conformance 8.22.0']);
  assert.deepEqual(sharedPinProblems(ROOT), []);
});
