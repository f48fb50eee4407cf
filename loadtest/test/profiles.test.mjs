import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROFILES, WORKLOADS, HTTP_WORKLOADS, selectProfile, selectPinning, stepLabel, estimateSeconds } from '../run/profiles.mjs';

test('quick is the default, with every HTTP workload once, one chat point per room count, and one repeat', () => {
  const p = selectProfile({});
  assert.equal(p.name, 'quick');
  assert.deepEqual(p.workloads, WORKLOADS);
  assert.deepEqual(WORKLOADS, [...HTTP_WORKLOADS, 'chat']);
  assert.equal(p.repeat, 1);
  for (const w of HTTP_WORKLOADS) assert.equal(p.steps[w].length, 1);
  assert.deepEqual(p.steps.chat.map((s) => s.rooms), [1, 2, 4]);
  assert.deepEqual(p.steps.chat.map((s) => stepLabel('chat', s, p.steps.chat)), ['chat@1x20', 'chat@2x10', 'chat@4x5']);
  for (const s of p.steps.chat) {
    assert.equal(s.messages, 500);
    assert.equal(s.intervalMs, 10);
    assert.equal(s.settleMs, 2000);
  }
});

test('seed carries the write-ups parameters and three repeats', () => {
  const p = selectProfile({ PROFILE: 'seed' });
  assert.equal(p.variants, true, 'seed measures every declared variant too');
  assert.equal(selectProfile({}).variants, undefined, 'quick measures the stacks alone');
  assert.equal(p.repeat, 3);
  assert.deepEqual(p.steps.hello[0], { users: 300, durationSeconds: 60 });
  assert.deepEqual(p.steps.static[0], { users: 100, durationSeconds: 60, file: '1mb.bin' });
  assert.deepEqual(p.steps.echo[0], { users: 100, loops: 500 });
  assert.deepEqual(p.steps.bookings[0], { users: 500, loops: 100 });
  // The chat write-up's grid: 1 room 10–60 users, 2 rooms 20–35 per room, 4 rooms 10–17 per room.
  const grid = (rooms) => p.steps.chat.filter((s) => s.rooms === rooms).map((s) => s.usersPerRoom);
  assert.deepEqual(grid(1), [10, 20, 30, 40, 50, 60]);
  assert.deepEqual([Math.min(...grid(2)), Math.max(...grid(2))], [20, 35]);
  assert.deepEqual([Math.min(...grid(4)), Math.max(...grid(4))], [10, 17]);
  assert.ok(p.steps.chat.every((s) => s.messages === 500 && s.intervalMs === 10 && s.settleMs === 2000));
});

test('CHAT_SCENARIOS replaces the chat points, keeping the profile schedule', () => {
  const p = selectProfile({ PROFILE: 'seed', CHAT_SCENARIOS: '1x60, 4x17' });
  assert.deepEqual(p.steps.chat.map((s) => [s.rooms, s.usersPerRoom, s.messages, s.intervalMs]), [[1, 60, 500, 10], [4, 17, 500, 10]]);
  assert.equal(selectProfile({ PROFILE: 'seed' }).steps.chat.length, 14); // PROFILES themselves are untouched
  assert.throws(() => selectProfile({ CHAT_SCENARIOS: '60' }), /CHAT_SCENARIOS/);
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
  assert.deepEqual(selectProfile({ WORKLOADS: 'chat' }).workloads, ['chat']);
  assert.throws(() => selectProfile({ WORKLOADS: 'websocket' }), /unknown workload "websocket"/);
  assert.throws(() => selectProfile({ REPEAT: '0' }), /REPEAT/);
});

test('quick fits the 5-minute budget per stack, chat in a minute; smoke stays tiny and skips dashboards', () => {
  const quick = selectProfile({});
  const perStack = WORKLOADS.reduce((s, w) => s + quick.steps[w].reduce((t, step) => t + estimateSeconds(quick, step), 0), 0);
  assert.ok(perStack <= 300, `${perStack} s`);
  const chat = quick.steps.chat.reduce((t, step) => t + estimateSeconds(quick, step), 0);
  assert.ok(chat <= 60, `chat ${chat} s`);
  const smoke = selectProfile({ PROFILE: 'smoke' });
  assert.equal(smoke.dashboards, false);
  for (const w of HTTP_WORKLOADS) assert.ok(smoke.steps[w][0].durationSeconds <= 3);
  assert.ok(estimateSeconds(smoke, smoke.steps.chat[0]) <= 8);
});

test('pinning defaults follow the core count; the environment overrides', () => {
  assert.deepEqual(selectPinning(2, {}), { server: '1', db: '0', loadgen: '0' });
  assert.deepEqual(selectPinning(8, {}), { server: '0-1', db: '2', loadgen: '3' });
  assert.deepEqual(selectPinning(4, {}), { server: '0-1', db: '2', loadgen: '3' });
  assert.deepEqual(selectPinning(1, {}), { server: '0', db: '0', loadgen: '0' });
  assert.deepEqual(selectPinning(2, { SERVER_CPUS: '0-1', LOADGEN_CPUS: '1' }), { server: '0-1', db: '0', loadgen: '1' });
});

test('WINDOW sets the measured seconds of every time-bound HTTP step; a bad one is refused', () => {
  const p = selectProfile({ PROFILE: 'ranked', WINDOW: '10' });
  for (const w of HTTP_WORKLOADS) assert.deepEqual(p.steps[w].map((s) => s.durationSeconds), [10], w);
  assert.equal(selectProfile({ PROFILE: 'ranked' }).steps.hello[0].durationSeconds, 5, 'the profile itself is untouched');
  assert.deepEqual(selectProfile({ PROFILE: 'seed', GENERATOR: 'jmeter', WINDOW: '20' }).steps.echo[0], { users: 100, loops: 500 }, 'loop-bound steps keep their loops');
  assert.throws(() => selectProfile({ WINDOW: '0.5' }), /WINDOW/);
});
