'use strict';

const { setTimeout: sleep } = require('node:timers/promises');

const ATTEMPTS = 5;
// Deadlock, lock wait timeout, duplicate key (two first sales of a product): the whole transaction is retried.
const RETRYABLE_ERRNOS = new Set([1213, 1205, 1062]);

// The transaction kept failing the retryable way: the caller answers 503.
class RetriesExhausted extends Error {
  constructor(last) {
    super(`transaction still conflicting after ${ATTEMPTS} attempts`, { cause: last });
    this.name = 'RetriesExhausted';
  }
}

// Runs `transaction` (a function starting one whole attempt) until it succeeds (spec/API.md §6.5): a
// retryable failure runs it again after a random 5–50 ms × n pause, five attempts in all, then
// RetriesExhausted; any other failure is thrown as it is.
async function withRetries(transaction) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      if (!retryable(err)) throw err;
      if (attempt === ATTEMPTS) throw new RetriesExhausted(err);
      await sleep(backoff(attempt));
    }
  }
}

function retryable(err) {
  return RETRYABLE_ERRNOS.has(err.parent?.errno);
}

// Random, so that the transactions that collided do not collide again in step.
function backoff(attempt) {
  return attempt * (5 + Math.random() * 45);
}

module.exports = { withRetries, RetriesExhausted, ATTEMPTS };
