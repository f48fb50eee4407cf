import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { ROOT } from '../lib/stacks.mjs';
import { layoutProblems, readLayout } from '../lib/layout.mjs';

const layout = readLayout();

function touch(file) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
}

// A repository with one Java and one Node stack laid out exactly as spec/layout.json says, the shared Java files in
// their module's one package.
function tree({ javaExtras, nodeExtras } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'layout-'));
  mkdirSync(join(root, 'spec'));
  copyFileSync(join(ROOT, 'spec/layout.json'), join(root, 'spec/layout.json'));
  const stack = (name, port, runtime, more = {}) => {
    mkdirSync(join(root, name));
    writeFileSync(join(root, name, 'stack.json'),
      JSON.stringify({ name, port, runtime, build: 'true', start: 'true', test: 'true', ...more }));
  };
  stack('java-a', 9001, 'java', javaExtras ? { layoutExtras: javaExtras } : {});
  stack('node-a', 9002, 'node');
  stack('node-b', 9003, 'node', { workloadsFrom: 'node-a', ...(nodeExtras ? { layoutExtras: nodeExtras } : {}) });
  for (const workload of layout.workloads) {
    for (const file of workload.files) {
      const java = file.shared ? join(file.shared, 'src/main/java/bench/shared') : 'java-a/src/main/java/bench/a';
      touch(join(root, java, workload.package, `${file.java}.java`));
      if (file.node) touch(join(root, 'node-a/src', file.node));
    }
  }
  return root;
}

test('this repository: every stack has the files of spec/layout.json', () => {
  assert.deepEqual(layoutProblems(ROOT), []);
});

test('a tree laid out as spec/layout.json says has no problems', () => {
  const root = tree();
  try {
    assert.deepEqual(layoutProblems(root), []);
  } finally {
    rmSync(root, { recursive: true });
  }
});

test('a missing class, an undeclared class, a stale extra and a missing Node file are each named', () => {
  const root = tree({ javaExtras: { 'chat/Gone.java': 'no longer there' } });
  try {
    rmSync(join(root, 'java-a/src/main/java/bench/a/bookings/Retries.java'));
    touch(join(root, 'java-a/src/main/java/bench/a/bookings/Ledger.java'));
    rmSync(join(root, 'node-a/src/booking-store.js'));
    assert.deepEqual(layoutProblems(root).sort(), [
      'java-a: bookings/Ledger.java is not in spec/layout.json; rename it or declare it in layoutExtras',
      'java-a: bookings/Retries.java is missing',
      'java-a: layoutExtras names chat/Gone.java, which does not exist',
      'node-a: src/booking-store.js (bookings: the transaction (§6.4): INSERT, SELECT … FOR UPDATE, UPDATE or INSERT, COMMIT) is missing',
    ]);
  } finally {
    rmSync(root, { recursive: true });
  }
});

test('a shared class is missing from its module, or copied back into a stack', () => {
  const root = tree();
  try {
    rmSync(join(root, 'java-contract/src/main/java/bench/shared/bookings/Allocation.java'));
    touch(join(root, 'java-contract/src/main/java/bench/shared/bookings/Ledger.java'));
    touch(join(root, 'java-a/src/main/java/bench/a/chat/ChatProtocol.java'));
    assert.deepEqual(layoutProblems(root).sort(), [
      'java-a: chat/ChatProtocol.java is shared in java-contract; the stack keeps no copy of it',
      'java-contract: bookings/Allocation.java is missing',
      'java-contract: bookings/Ledger.java is not shared in spec/layout.json',
    ]);
  } finally {
    rmSync(root, { recursive: true });
  }
});

test('a framework-only class declared in layoutExtras is accepted', () => {
  const root = tree({ javaExtras: { 'bookings/BookingRow.java': 'the JPA entity' } });
  try {
    touch(join(root, 'java-a/src/main/java/bench/a/bookings/BookingRow.java'));
    assert.deepEqual(layoutProblems(root), []);
  } finally {
    rmSync(root, { recursive: true });
  }
});

test('a Node stack\'s extras name a workload package and a file of its src/', () => {
  const root = tree({ nodeExtras: { 'chat/rooms-ipc.js': 'the cluster\'s rooms', 'chat/gone.js': 'stale', 'lobby/x.js': 'no such workload' } });
  try {
    touch(join(root, 'node-b/src/rooms-ipc.js'));
    assert.deepEqual(layoutProblems(root).sort(), [
      'node-b: layoutExtras names chat/gone.js, but src/gone.js does not exist',
      'node-b: layoutExtras names lobby/x.js, which is not <workload package>/<file>',
    ]);
  } finally {
    rmSync(root, { recursive: true });
  }
});
