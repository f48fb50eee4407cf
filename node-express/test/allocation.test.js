'use strict';

const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const assert = require('node:assert/strict');
const { allocate, periodId, lastDayOfHalf, parseCents, formatCents } = require('../src/allocation');
const { decodeBooking, JSON_TYPE } = require('../src/booking-input');
const { validateBooking } = require('../src/booking-rules');

const FIXTURES = path.join(__dirname, '..', '..', 'spec', 'fixtures');
const readJson = (...parts) => JSON.parse(fs.readFileSync(path.join(FIXTURES, ...parts), 'utf8'));

const amounts = (allocations) =>
  allocations.map(({ fiscalPeriodId, cents }) => ({ fiscalPeriodId, amount: formatCents(cents) }));

test('the allocation rule gives every spec/fixtures/bookings/valid.json case its expected allocations', async (t) => {
  for (const { name, booking, allocations } of readJson('bookings', 'valid.json')) {
    await t.test(name, () => {
      const { booking: row, cents } = validateBooking(
        decodeBooking(JSON_TYPE, Buffer.from(JSON.stringify(booking))),
      );
      assert.deepEqual(amounts(allocate(cents, row.startDate, row.endDate)), allocations);
    });
  }
});

test('allocations always sum to the booking and list every overlapped period', () => {
  const total = 123_456_789n;
  const result = allocate(total, '2000-01-01', '2049-12-31');
  assert.equal(result.length, 100);
  assert.equal(result[0].fiscalPeriodId, 20001);
  assert.equal(result.at(-1).fiscalPeriodId, 20492);
  assert.equal(
    result.reduce((sum, a) => sum + a.cents, 0n),
    total,
  );
});

test('the worked example of spec/API.md §6.3', () => {
  assert.deepEqual(amounts(allocate(30000n, '2022-06-01', '2022-07-31')), [
    { fiscalPeriodId: 20221, amount: '147.54' },
    { fiscalPeriodId: 20222, amount: '152.46' },
  ]);
});

test('a day belongs to its half-year, which ends on 30 June or 31 December', () => {
  assert.equal(periodId('2024-01-01'), 20241);
  assert.equal(periodId('2024-06-30'), 20241);
  assert.equal(periodId('2024-07-01'), 20242);
  assert.equal(periodId('2049-12-31'), 20492);
  assert.equal(lastDayOfHalf('2024-02-29'), '2024-06-30');
  assert.equal(lastDayOfHalf('2024-07-01'), '2024-12-31');
  assert.equal(lastDayOfHalf('2024-12-31'), '2024-12-31');
});

test('a booking within one half-year gets all of it; one day on each side of a boundary splits it evenly', () => {
  assert.deepEqual(allocate(101n, '2023-02-01', '2023-02-28'), [{ fiscalPeriodId: 20231, cents: 101n }]);
  assert.deepEqual(allocate(101n, '2023-12-31', '2024-01-01'), [
    { fiscalPeriodId: 20232, cents: 50n },
    { fiscalPeriodId: 20241, cents: 51n },
  ]);
});

test('cents are parsed and written exactly, beyond 64 bits', () => {
  assert.equal(parseCents('12.5'), 1250n);
  assert.equal(parseCents('42'), 4200n);
  assert.equal(parseCents('99999999999999999.99'), 9_999_999_999_999_999_999n);
  assert.equal(formatCents(5n), '0.05');
  assert.equal(formatCents(9_999_999_999_999_999_999n), '99999999999999999.99');
});
