// Against the real private MariaDB (harness/runtimes/native/db.sh up). Every case writes rows under a model of its own and
// scopes the check to it; nothing is truncated, and the rows are deleted afterwards.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '../run/db.mjs';
import { checkInvariant } from '../run/invariant.mjs';
import { allocate, toCents } from '../../spec/lib/allocation.mjs';

const db = await connect();
const models = [];
after(async () => {
  for (const model of models) {
    await db.query('DELETE FROM bookings WHERE model = ?', [model]);
    await db.query('DELETE FROM aggregates WHERE model = ?', [model]);
  }
  await db.end();
});

test('allocation: the worked example of spec/API.md §6.3, remainders, zero shares and 19-digit values', () => {
  assert.deepEqual(allocate(30000n, '2022-06-01', '2022-07-31'), [{ period: 20221, cents: 14754n }, { period: 20222, cents: 15246n }]);
  assert.deepEqual(allocate(1n, '2022-06-30', '2022-07-01'), [{ period: 20221, cents: 0n }, { period: 20222, cents: 1n }]);
  assert.deepEqual(allocate(toCents('12.5'), '2024-02-29', '2024-02-29'), [{ period: 20241, cents: 1250n }]);
  const big = allocate(toCents('99999999999999999.99'), '2000-01-01', '2049-12-31');
  assert.equal(big.length, 100);
  assert.equal(big.reduce((s, a) => s + a.cents, 0n), 9999999999999999999n);
});

// Two bookings of one product: 300.00 over Jun-Jul 2022 (147.54 + 152.46) and 100.00 in Jul 2022.
async function consistentProduct() {
  const model = `invariant-test-${process.pid}-${models.length}-${Date.now()}`;
  models.push(model);
  const booking = 'INSERT INTO bookings (booking_id, dollar_value, start_date, end_date, origin_ts, model, trim) VALUES (?, ?, ?, ?, ?, ?, ?)';
  await db.query(booking, ['B-1', '300.00', '2022-06-01', '2022-07-31', '2023-11-14 22:13:20.000', model, 'LE']);
  await db.query(booking, ['B-2', '100.00', '2022-07-01', '2022-07-10', '2023-11-14 22:13:20.000', model, 'LE']);
  const aggregate = 'INSERT INTO aggregates (version, model, trim, total_dollar_amount, fiscal_period_id) VALUES (?, ?, ?, ?, ?)';
  await db.query(aggregate, [1, model, 'LE', '147.54', 20221]);
  await db.query(aggregate, [2, model, 'LE', '252.46', 20222]);
  return model;
}

test('consistent rows pass', async () => {
  const model = await consistentProduct();
  assert.deepEqual(await checkInvariant(db, { model }), { ok: true, bookings: 2, aggregates: 2, problemCount: 0, problems: [] });
});

test('a total off by one cent is reported', async () => {
  const model = await consistentProduct();
  await db.query('UPDATE aggregates SET total_dollar_amount = 252.45 WHERE model = ? AND fiscal_period_id = 20222', [model]);
  const result = await checkInvariant(db, { model });
  assert.equal(result.ok, false);
  assert.deepEqual(result.problems, [`["${model}","LE",20222]: total 252.45, expected 252.46`]);
});

test('a version that misses a booking is reported', async () => {
  const model = await consistentProduct();
  await db.query('UPDATE aggregates SET version = 1 WHERE model = ? AND fiscal_period_id = 20222', [model]);
  const result = await checkInvariant(db, { model });
  assert.deepEqual(result.problems, [`["${model}","LE",20222]: version 1, expected 2`]);
});

test('a missing aggregates row is reported', async () => {
  const model = await consistentProduct();
  await db.query('DELETE FROM aggregates WHERE model = ? AND fiscal_period_id = 20221', [model]);
  const result = await checkInvariant(db, { model });
  assert.deepEqual(result.problems, [`["${model}","LE",20221]: 0 aggregates rows, expected exactly 1`]);
});

test('an aggregates row no booking explains is reported', async () => {
  const model = await consistentProduct();
  await db.query('INSERT INTO aggregates (version, model, trim, total_dollar_amount, fiscal_period_id) VALUES (1, ?, ?, 0.00, 20231)', [model, 'LE']);
  await db.query('INSERT INTO aggregates (version, model, trim, total_dollar_amount, fiscal_period_id) VALUES (1, ?, ?, 5.00, 20221)', [model, 'XLE']);
  const result = await checkInvariant(db, { model });
  assert.equal(result.problemCount, 2);
  assert.deepEqual(result.problems.sort(), [
    `["${model}","LE",20231]: aggregates row without any booking`,
    `["${model}","XLE",20221]: aggregates row without any booking`,
  ]);
});

test('the bookings row count must cover every 201, allow only the unanswered requests beyond, and be more than none', async () => {
  const model = await consistentProduct();
  assert.equal((await checkInvariant(db, { model, expectedBookings: 2 })).ok, true);
  assert.deepEqual((await checkInvariant(db, { model, expectedBookings: 3 })).problems, ['2 bookings rows, but 3 201 responses']);
  assert.deepEqual((await checkInvariant(db, { model, expectedBookings: 3, unanswered: 5 })).problems,
    ['2 bookings rows, but 3 201 responses and 5 requests without a response'], 'a lost 201 is never excused');
  assert.equal((await checkInvariant(db, { model, expectedBookings: 1, unanswered: 1 })).ok, true,
    'one request interrupted at the end may have been committed');
  assert.deepEqual((await checkInvariant(db, { model, expectedBookings: 1 })).problems, ['2 bookings rows, but 1 201 responses']);
  const empty = await checkInvariant(db, { model: `${model}-none`, expectedBookings: 0 });
  assert.deepEqual(empty.problems, ['no bookings rows at all'], 'empty tables are consistent but not a pass');
});

test('both tables are read in one snapshot: a booking committed between the two reads is not half seen', async () => {
  const model = await consistentProduct();
  // A third booking, committed with its aggregate (one transaction, on another connection) right after the
  // checker has read the bookings table: as a stack still finishing a request the generator gave up on would.
  const commitAnother = async () => {
    const other = await db.getConnection();
    try {
      await other.query('START TRANSACTION');
      await other.query('INSERT INTO bookings (booking_id, dollar_value, start_date, end_date, origin_ts, model, trim) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ['B-3', '50.00', '2023-01-01', '2023-01-01', '2023-11-14 22:13:20.000', model, 'LE']);
      await other.query('INSERT INTO aggregates (version, model, trim, total_dollar_amount, fiscal_period_id) VALUES (1, ?, ?, ?, 20231)', [model, 'LE', '50.00']);
      await other.query('COMMIT');
    } finally {
      other.release();
    }
  };
  let raced = false;
  const racing = {
    async getConnection() {
      const conn = await db.getConnection();
      return {
        async query(sql, params) {
          const result = await conn.query(sql, params);
          if (!raced && /FROM bookings/.test(sql)) { raced = true; await commitAnother(); }
          return result;
        },
        release: () => conn.release(),
      };
    },
  };
  const result = await checkInvariant(racing, { model });
  assert.ok(raced, 'the commit happened between the two reads');
  assert.deepEqual(result, { ok: true, bookings: 2, aggregates: 2, problemCount: 0, problems: [] });
  assert.equal((await checkInvariant(db, { model })).bookings, 3, 'and is seen by the next check');
});
