import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROFILES, WORKLOADS, selectProfile, selectPinning, stepLabel, estimateSeconds } from '../lib/profiles.mjs';

test('quick is the default, with every workload once and one repeat', () => {
  const p = selectProfile({});
  assert.equal(p.name, 'quick');
  assert.deepEqual(p.workloads, WORKLOADS);
  assert.equal(p.repeat, 1);
  for (const w of WORKLOADS) assert.equal(p.steps[w].length, 1);
});

test('seed carries the write-ups parameters and three repeats', () => {
  const p = selectProfile({ PROFILE: 'seed' });
  assert.equal(p.repeat, 3);
  assert.deepEqual(p.steps.hello[0], { users: 300, durationSeconds: 60 });
  assert.deepEqual(p.steps.static[0], { users: 100, durationSeconds: 60, file: '1mb.bin' });
  assert.deepEqual(p.steps.echo[0], { users: 100, loops: 500 });
  assert.deepEqual(p.steps.bookings[0], { users: 500, loops: 100 });
});

test('sweep steps concurrency from 16 to 512 and labels each step', () => {
  const p = selectProfile({ PROFILE: 'sweep' });
  assert.deepEqual(p.steps.hello.map((s) => s.users), [16, 32, 64, 128, 256, 512]);
  assert.equal(stepLabel('hello', p.steps.hello[2], p.steps.hello), 'hello@64');
  assert.equal(stepLabel('hello', PROFILES.quick.workloads.hello[0], PROFILES.quick.workloads.hello), 'hello');
});

test('WORKLOADS and REPEAT narrow the run; unknown names are refused', () => {
  const p = selectProfile({ PROFILE: 'seed', WORKLOADS: 'bookings, hello', REPEAT: '2' });
  assert.deepEqual(p.workloads, ['hello', 'bookings']); // the bench's order, not the caller's
  assert.equal(p.repeat, 2);
  assert.throws(() => selectProfile({ PROFILE: 'fast' }), /unknown PROFILE "fast"/);
  assert.throws(() => selectProfile({ WORKLOADS: 'chat' }), /unknown workload "chat"/);
  assert.throws(() => selectProfile({ REPEAT: '0' }), /REPEAT/);
});

test('quick fits the 5-minute budget per stack; smoke stays tiny and skips dashboards', () => {
  const quick = selectProfile({});
  const perStack = WORKLOADS.reduce((s, w) => s + estimateSeconds(quick, quick.steps[w][0]), 0);
  assert.ok(perStack <= 300, `${perStack} s`);
  const smoke = selectProfile({ PROFILE: 'smoke' });
  assert.equal(smoke.dashboards, false);
  for (const w of WORKLOADS) assert.ok(smoke.steps[w][0].durationSeconds <= 3);
});

test('pinning defaults follow the core count; the environment overrides', () => {
  assert.deepEqual(selectPinning(2, {}), { server: '1', db: '0', loadgen: '0' });
  assert.deepEqual(selectPinning(8, {}), { server: '0-1', db: '2', loadgen: '3' });
  assert.deepEqual(selectPinning(4, {}), { server: '0-1', db: '2', loadgen: '3' });
  assert.deepEqual(selectPinning(1, {}), { server: '0', db: '0', loadgen: '0' });
  assert.deepEqual(selectPinning(2, { SERVER_CPUS: '0-1', LOADGEN_CPUS: '1' }), { server: '0-1', db: '0', loadgen: '1' });
});
