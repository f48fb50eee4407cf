'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const {
  ConnectionAcquireTimeoutError,
  ConnectionRefusedError,
  ConnectionTimedOutError,
} = require('sequelize');
const { bookingStore, DatabaseUnavailable, TotalOverflow } = require('../src/booking-store');

// The store's failures, with the database replaced by a transaction that fails on cue: which of them mean
// the database is unavailable (spec/API.md §6.5) and which reach the caller as they are.
function failingWith(failure) {
  return bookingStore({
    sequelize: {
      async transaction() {
        throw failure;
      },
    },
  });
}

function mysqlError(errno, extra = {}) {
  const err = new Error(`errno ${errno}`);
  err.parent = { errno, ...extra };
  return err;
}

test('no connection, a lost connection or a server going away is DatabaseUnavailable', async () => {
  const lost = new Error('Connection lost: The server closed the connection.');
  lost.parent = { code: 'PROTOCOL_CONNECTION_LOST', fatal: true };
  for (const failure of [
    new ConnectionAcquireTimeoutError(new Error('acquire')),
    new ConnectionRefusedError(new Error('connect ECONNREFUSED')),
    new ConnectionTimedOutError(new Error('connect ETIMEDOUT')),
    lost,
    mysqlError(1053),
    mysqlError(1927),
  ]) {
    await assert.rejects(
      failingWith(failure).save({}, []),
      (err) => err instanceof DatabaseUnavailable && err.cause === failure,
      failure.message,
    );
  }
});

test('a total past DECIMAL(19,2), refused by strict mode (1264), is TotalOverflow', async () => {
  const failure = mysqlError(1264, { sqlState: '22003' });
  await assert.rejects(
    failingWith(failure).save({}, []),
    (err) => err instanceof TotalOverflow && err.cause === failure,
  );
});

test('conflicts and any other database error are thrown as they are', async () => {
  for (const failure of [mysqlError(1213), mysqlError(1205), mysqlError(1062), mysqlError(1406)]) {
    await assert.rejects(failingWith(failure).save({}, []), (err) => err === failure);
  }
});

test('the committed transaction gives the new row id', async () => {
  const store = bookingStore({ sequelize: { transaction: async () => 42 } });
  assert.equal(await store.save({}, []), 42);
});
