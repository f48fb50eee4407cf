import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProgress, parseSummariserRate } from '../run/progress.mjs';

test("the current rate comes from the summariser's interval line, not the cumulative one", () => {
  assert.equal(parseSummariserRate('summary +   5120 in 00:00:05 = 1024.0/s Avg:     3 Min:     0 Max:    45 Err:     0 (0.00%) Active: 50'), 1024);
  assert.equal(parseSummariserRate('summary =  51200 in 00:00:50 = 1000.1/s Avg:     3'), null);
  assert.equal(parseSummariserRate('Starting standalone test'), null);
});

test('without a terminal, plain lines name the run, phase, elapsed, ETA and rate', () => {
  const out = [];
  const stream = { isTTY: false, write: (s) => out.push(s) };
  const progress = createProgress({ plannedSeconds: 100, stream });
  progress.run({ index: 2, count: 8, server: 'node-express', label: 'echo', repeat: 1, plannedSeconds: 25 });
  progress.phase('measure');
  progress.sample('summary +    100 in 00:00:01 =  250.5/s Avg: 1');
  progress.note('a note');
  progress.done();
  assert.match(out.join(''), /bench \[2\/8\] node-express echo #1 measure \| 0:00 elapsed, ETA 1:40, 251 req\/s\n/);
  assert.ok(out.includes('a note\n'));
  assert.ok(out.every((s) => !s.includes('\r')));
});

test("a rate the generator reports itself carries its own unit (the chat client's deliveries/s)", () => {
  const out = [];
  const progress = createProgress({ plannedSeconds: 10, plainEveryMs: 0, stream: { isTTY: false, write: (s) => out.push(s) } });
  progress.run({ index: 1, count: 1, server: 'node-express', label: 'chat@1x20', repeat: 1, plannedSeconds: 10 });
  progress.phase('measure');
  progress.rate(40007.4, 'deliveries/s');
  progress.phase('drain');
  progress.done();
  assert.match(out.join(''), /chat@1x20 #1 measure \| .*40007 deliveries\/s/);
});

test('a phase or a sample before the first run writes nothing and throws nothing (nginx for the open-loop ceiling alone)', () => {
  const out = [];
  const progress = createProgress({ plannedSeconds: 10, stream: { isTTY: false, write: (s) => out.push(s) } });
  progress.phase('stopping');
  progress.sample('summary +   5120 in 00:00:05 = 1024.0/s Avg:     3');
  assert.deepEqual(out, []);
  progress.done();
});
