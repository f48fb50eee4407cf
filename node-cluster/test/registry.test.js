'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { Registry } = require('../src/registry');
const { poolShare, workerCount } = require('../src/settings');

test('names are unique across workers', () => {
  const r = new Registry();
  assert.equal(r.claim(1, 'ana'), true);
  assert.equal(r.claim(2, 'ana'), false, 'another worker');
  assert.equal(r.claim(1, 'ana'), false, 'the same worker');
  assert.equal(r.claim(2, 'bob'), true);
  r.release(1, 'ana');
  assert.equal(r.claim(2, 'ana'), true, 'free again once released');
});

test('only the worker holding a name can release it', () => {
  const r = new Registry();
  r.claim(1, 'ana');
  r.release(2, 'ana');
  assert.equal(r.claim(2, 'ana'), false);
});

test("a dead worker's names and memberships are freed", () => {
  const r = new Registry();
  r.claim(1, 'ana');
  r.claim(1, 'cid');
  r.claim(2, 'bob');
  r.join(1, 'lobby');
  r.join(2, 'lobby');
  r.join(1, 'quiet');
  r.drop(1);
  assert.equal(r.claim(3, 'ana'), true);
  assert.equal(r.claim(3, 'cid'), true);
  assert.equal(r.claim(3, 'bob'), false, "the live worker's name stays taken");
  assert.deepEqual([...r.route('lobby')], [2]);
  assert.deepEqual([...r.route('quiet')], []);
  assert.equal(r.rooms.has('quiet'), false, 'empty rooms are forgotten');
  r.drop(1); // twice, or a worker that never chatted: nothing happens
  r.drop(9);
});

test('frames route to exactly the workers with members in the room', () => {
  const r = new Registry();
  r.join(1, 'a');
  r.join(2, 'a');
  r.join(2, 'a'); // idempotent: a worker is routed once however often it joins
  r.join(3, 'b');
  assert.deepEqual([...r.route('a')].sort(), [1, 2]);
  assert.deepEqual([...r.route('b')], [3]);
  assert.deepEqual([...r.route('nobody')], []);
  r.leave(2, 'a');
  assert.deepEqual([...r.route('a')], [1]);
  r.leave(1, 'a');
  assert.equal(r.rooms.has('a'), false);
  r.leave(1, 'a'); // a late leave is harmless
});

test('per-sender order and exactly-once: forwarding in receipt order over FIFO channels', () => {
  // The primary's loop, as in primary.js: every publish goes, in receipt order, once to each routed worker.
  const r = new Registry();
  for (const w of [1, 2, 3]) r.join(w, 'room');
  r.join(4, 'other');
  const inbox = new Map([1, 2, 3, 4].map((w) => [w, []]));
  const received = [];
  for (let i = 0; i < 300; i++) received.push({ from: 1 + (i % 3), room: 'room', seq: Math.floor(i / 3) });
  // Interleave senders unevenly, but keep each sender's own order (its channel is FIFO).
  received.sort((x, y) => x.seq * (x.from + 1) - y.seq * (y.from + 1) || x.from - y.from);
  for (const frame of received) for (const w of r.route(frame.room)) inbox.get(w).push(frame);
  assert.deepEqual(inbox.get(4), []);
  for (const w of [1, 2, 3]) {
    const frames = inbox.get(w);
    assert.equal(frames.length, 300);
    assert.equal(new Set(frames).size, 300, 'each frame exactly once');
    for (const sender of [1, 2, 3]) {
      const seqs = frames.filter((f) => f.from === sender).map((f) => f.seq);
      assert.deepEqual(
        seqs,
        Array.from({ length: 100 }, (_, i) => i),
        `sender ${sender} in order`,
      );
    }
  }
});

test('pool share: ceil(DB_POOL_SIZE / workers), exact for 32 on 1, 2, 4, 8', () => {
  assert.deepEqual(
    [1, 2, 4, 8].map((n) => poolShare(32, n) * n),
    [32, 32, 32, 32],
  );
  assert.equal(poolShare(32, 3), 11);
  assert.equal(poolShare(1, 4), 1);
});

test('WORKERS: a positive integer, else the CPUs available', () => {
  assert.equal(workerCount({ WORKERS: '3' }), 3);
  assert.ok(workerCount({}) >= 1);
  assert.ok(workerCount({ WORKERS: '' }) >= 1);
  for (const bad of ['0', '-1', 'two', '1.5']) assert.throws(() => workerCount({ WORKERS: bad }));
});
