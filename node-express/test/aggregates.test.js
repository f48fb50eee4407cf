'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { aggregates } = require('../src/aggregates');
const { HttpError } = require('../src/errors');

// GET /aggregates with the model replaced by one that records the query it was asked.
function get(query) {
  const asked = [];
  const Aggregate = {
    async findAll(options) {
      asked.push(options);
      return [{ model: 'M', trim: 'T', fiscalPeriodId: 20231, totalDollarAmount: '1.00', version: 1 }];
    },
  };
  const res = {
    json(body) {
      this.body = body;
    },
  };
  return { done: aggregates({ Aggregate })({ query }, res), res, asked };
}

test('the filters given are matched exactly; rows in model, trim, period order', async () => {
  const call = get({ model: 'Corolla', other: 'ignored' });
  await call.done;
  assert.deepEqual(call.asked[0].where, { model: 'Corolla' });
  assert.deepEqual(call.asked[0].order, [
    ['model', 'ASC'],
    ['trim', 'ASC'],
    ['fiscalPeriodId', 'ASC'],
  ]);
  assert.equal(call.res.body.length, 1);
  const all = get({});
  await all.done;
  assert.deepEqual(all.asked[0].where, {});
});

test('a filter given twice is a 400, and nothing is queried', async () => {
  for (const key of ['model', 'trim']) {
    const call = get({ [key]: ['a', 'b'] });
    await assert.rejects(
      call.done,
      (err) => err instanceof HttpError && err.status === 400 && err.message === `${key} may be given once`,
    );
    assert.equal(call.asked.length, 0);
  }
});
