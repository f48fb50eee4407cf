// The bench's plan: a repeat is a fresh start of the ceiling and of every stack, in an order rotated per repeat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planRuns, repeatsOf } from '../run/plan.mjs';
import { BOOKINGS_CEILING, CEILING, CHAT_CEILING } from '../reports/ceiling-names.mjs';
import { selectProfile } from '../run/profiles.mjs';

const targets = ['a', 'b', 'c'].map((id) => ({ id }));
const sessions = (runs) => runs.map((r) => r.session).filter((s, i, all) => s !== all[i - 1]);

test('every repeat starts with its own nginx session, then the stacks in an order rotated by one place', () => {
  const { runs, orderOf } = planRuns(targets, selectProfile({ PROFILE: 'ranked', REPEAT: '3' }));
  assert.deepEqual([1, 2, 3].map((r) => orderOf(r).map((t) => t.id)), [['c', 'b', 'a'], ['b', 'a', 'c'], ['a', 'c', 'b']]);
  assert.deepEqual(sessions(runs), ['nginx#1', 'relay#1', 'c#1', 'b#1', 'a#1', 'nginx#2', 'relay#2', 'b#2', 'a#2', 'c#2',
    'nginx#3', 'relay#3', 'a#3', 'c#3', 'b#3']);
  // Each session is one start: its runs are contiguous, never resumed later.
  assert.equal(new Set(sessions(runs)).size, sessions(runs).length);
  const ceiling = runs.filter((r) => r.server === CEILING);
  assert.deepEqual(ceiling.map((r) => `${r.label}#${r.repeat}`), ['hello#1', 'static#1', 'echo#1', 'hello#2', 'static#2', 'echo#2',
    'hello#3', 'static#3', 'echo#3']);
  // The bookings ceiling runs in nginx's session, the chat relay (which starts itself) in one of its own after it.
  assert.deepEqual(runs.filter((r) => r.server === BOOKINGS_CEILING).map((r) => `${r.label}#${r.repeat}#${r.session}`),
    ['bookings#1#nginx#1', 'bookings#2#nginx#2', 'bookings#3#nginx#3']);
  assert.deepEqual(runs.filter((r) => r.server === CHAT_CEILING).map((r) => `${r.label}#${r.repeat}#${r.session}`),
    ['chat#1#relay#1', 'chat#2#relay#2', 'chat#3#relay#3']);
  for (const id of ['a', 'b', 'c']) {
    const own = runs.filter((r) => r.server.id === id);
    assert.deepEqual(own.map((r) => r.label), Array(3).fill(['chat', 'hello', 'static', 'echo', 'bookings']).flat(),
      `${id}: every workload in every repeat, chat first on the fresh process`);
  }
});

test('open-loop latency steps only in the first repeat, and none in a profile without them', () => {
  const quick = planRuns(targets, selectProfile({ REPEAT: '2' })).runs;
  assert.deepEqual(quick.filter((r) => r.kind === 'latency').map((r) => `${r.server.id}#${r.repeat}`), ['c#1', 'b#1', 'a#1']);
  assert.equal(planRuns(targets, selectProfile({ PROFILE: 'ranked' })).runs.filter((r) => r.kind === 'latency').length, 0);
});

test('REPEAT=1 is one session per stack and server, in reverse port order, and a late one for the latency steps', () => {
  const { runs } = planRuns(targets, selectProfile({ WORKLOADS: 'hello' }));
  assert.deepEqual(sessions(runs), ['nginx#1', 'c#1', 'b#1', 'a#1', 'c#late#1', 'b#late#1', 'a#late#1']);
  assert.deepEqual(runs.filter((r) => r.session.includes('late')).map((r) => r.kind), ['latency', 'latency', 'latency']);
});

test('a workload given fewer repeats is left out of the repeats after its last, the ceiling\'s runs with it', () => {
  const profile = { ...selectProfile({ PROFILE: 'ranked', REPEAT: '4' }), repeatsOf: { static: 2, chat: 3 } };
  // Fewer repeats, later in the session: each workload follows the same ones in every repeat it is in.
  assert.deepEqual(planRuns(targets, profile).runs.filter((r) => r.session === 'a#1').map((r) => r.label),
    ['hello', 'echo', 'bookings', 'chat', 'static']);
  assert.equal(repeatsOf(profile, 'static'), 2);
  assert.equal(repeatsOf(profile, 'hello'), 4);
  assert.equal(repeatsOf({ ...profile, repeat: 1 }, 'chat'), 1, 'REPEAT below the cap wins');
  const { runs } = planRuns(targets, profile);
  const repeatsRun = (server, label) => runs.filter((r) => (r.server.id ?? r.server) === server && r.label === label).map((r) => r.repeat);
  assert.deepEqual(repeatsRun('a', 'static'), [1, 2]);
  assert.deepEqual(repeatsRun(CEILING, 'static'), [1, 2]);
  assert.deepEqual(repeatsRun('a', 'chat'), [1, 2, 3]);
  assert.deepEqual(repeatsRun('a', 'hello'), [1, 2, 3, 4]);
  assert.deepEqual(repeatsRun(BOOKINGS_CEILING, 'bookings'), [1, 2, 3, 4]);
});
