'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { withRetries, RetriesExhausted, ATTEMPTS } = require('../src/retries');

function mysqlError(errno) {
  const err = new Error(`errno ${errno}`);
  err.parent = { errno };
  return err;
}

// A transaction that fails with `failures`, in order, then commits.
function transaction(failures) {
  const run = async () => {
    run.attempts += 1;
    if (run.attempts <= failures.length) throw failures[run.attempts - 1];
    return 'committed';
  };
  run.attempts = 0;
  return run;
}

test('five attempts in all', () => assert.equal(ATTEMPTS, 5));

for (const errno of [1213, 1205, 1062]) {
  test(`errno ${errno} runs the whole transaction again`, async () => {
    const run = transaction(Array.from({ length: ATTEMPTS - 1 }, () => mysqlError(errno)));
    assert.equal(await withRetries(run), 'committed');
    assert.equal(run.attempts, ATTEMPTS);
  });
}

test('the last retryable failure is RetriesExhausted, with no attempt after it', async () => {
  const last = mysqlError(1205);
  const run = transaction([...Array.from({ length: ATTEMPTS - 1 }, () => mysqlError(1213)), last]);
  await assert.rejects(withRetries(run), (err) => err instanceof RetriesExhausted && err.cause === last);
  assert.equal(run.attempts, ATTEMPTS);
});

test('any other failure is thrown as it is, at once', async () => {
  for (const failure of [mysqlError(1264), new Error('no errno'), mysqlError(1053)]) {
    const run = transaction([failure]);
    await assert.rejects(withRetries(run), (err) => err === failure);
    assert.equal(run.attempts, 1);
  }
});
