'use strict';

const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const assert = require('node:assert/strict');
const { ConnectionAcquireTimeoutError } = require('sequelize');
const { bookings } = require('../src/bookings');
const { HttpError } = require('../src/errors');

// POST /bookings with the database replaced by a transaction that fails on cue (spec/API.md §6.5): the whole
// transaction is re-run on 1213/1205/1062, five attempts at most, then 503 + Retry-After.
const FIXTURE = path.join(__dirname, '..', '..', 'spec', 'fixtures', 'bookings', 'valid.json');
const { booking } = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'))[0];

function mysqlError(errno) {
  const err = new Error(`errno ${errno}`);
  err.parent = { errno };
  return err;
}

function post(failures) {
  let attempts = 0;
  const sequelize = {
    async transaction() {
      attempts += 1;
      if (attempts <= failures.length) throw failures[attempts - 1];
      return 7; // the row id the committed attempt returns
    },
  };
  const req = { headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(booking)) };
  const res = {
    status(code) {
      this.code = code;
      return this;
    },
    json(body) {
      this.body = body;
    },
  };
  const done = bookings({ sequelize })(req, res);
  return { done, res, attempts: () => attempts };
}

for (const errno of [1213, 1205, 1062]) {
  test(`errno ${errno} re-runs the whole transaction: four failures then success is a 201`, async () => {
    const call = post(Array.from({ length: 4 }, () => mysqlError(errno)));
    await call.done;
    assert.equal(call.attempts(), 5);
    assert.equal(call.res.code, 201);
    assert.equal(call.res.body.rowId, 7);
  });
}

test('five failed attempts are a 503 with Retry-After: 1, and no sixth attempt', async () => {
  const call = post(Array.from({ length: 5 }, () => mysqlError(1213)));
  await assert.rejects(
    call.done,
    (err) => err instanceof HttpError && err.status === 503 && err.message === 'The database is busy, retry',
  );
  await call.done.catch((err) => assert.deepEqual(err.headers, { 'Retry-After': '1' }));
  assert.equal(call.attempts(), 5);
});

test('no pooled connection within the acquire timeout is a 503, not retried', async () => {
  const call = post([new ConnectionAcquireTimeoutError(new Error('acquire'))]);
  await assert.rejects(call.done, (err) => err instanceof HttpError && err.status === 503);
  assert.equal(call.attempts(), 1);
});

test('a total past DECIMAL(19,2) is a 409 with the exact message, not retried', async () => {
  const call = post([mysqlError(1264)]);
  await assert.rejects(
    call.done,
    (err) =>
      err instanceof HttpError &&
      err.status === 409 &&
      err.message === "the booking would take an aggregate's total past 99999999999999999.99",
  );
  assert.equal(call.attempts(), 1);
});

test('any other database error is not retried and reaches the error handler as it is (500)', async () => {
  const tooLong = mysqlError(1406);
  const call = post([tooLong]);
  await assert.rejects(call.done, (err) => err === tooLong);
  assert.equal(call.attempts(), 1);
});

test('a database that is unavailable is a 503 with Retry-After: 1, not retried: refused, lost, going away', async () => {
  const { ConnectionRefusedError } = require('sequelize');
  const lost = new Error('Connection lost: The server closed the connection.');
  lost.parent = { code: 'PROTOCOL_CONNECTION_LOST', fatal: true };
  for (const failure of [
    new ConnectionRefusedError(new Error('connect ECONNREFUSED')),
    lost,
    mysqlError(1053),
    mysqlError(1927),
  ]) {
    const call = post([failure]);
    await assert.rejects(
      call.done,
      (err) =>
        err instanceof HttpError &&
        err.status === 503 &&
        err.message === 'The database is unavailable, retry' &&
        err.headers['Retry-After'] === '1',
    );
    assert.equal(call.attempts(), 1, failure.message);
  }
});
