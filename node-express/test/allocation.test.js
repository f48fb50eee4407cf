'use strict';

const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const assert = require('node:assert/strict');
const { allocate, parseCents, formatCents } = require('../src/allocation');
const { decodeBooking, validateBooking, JSON_TYPE } = require('../src/booking-input');

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

test('cents are parsed and written exactly, beyond 64 bits', () => {
  assert.equal(parseCents('12.5'), 1250n);
  assert.equal(parseCents('42'), 4200n);
  assert.equal(parseCents('99999999999999999.99'), 9_999_999_999_999_999_999n);
  assert.equal(formatCents(5n), '0.05');
  assert.equal(formatCents(9_999_999_999_999_999_999n), '99999999999999999.99');
});
