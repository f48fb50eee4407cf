// spec/lib/allocation.mjs recomputes what every stack must write; the bench's invariant and the conformance
// suite both trust it, so it is held to the fixtures' allocations, which were computed separately (Python).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../harness/lib/stacks.mjs';
import { allocate, toCents, formatCents } from '../../spec/lib/allocation.mjs';

const cases = JSON.parse(readFileSync(join(ROOT, 'spec/fixtures/bookings/valid.json'), 'utf8'));

test('spec/lib/allocation.mjs gives every spec/fixtures/bookings/valid.json case its expected allocations', () => {
  assert.ok(cases.length >= 10);
  for (const { name, booking, allocations } of cases) {
    const got = allocate(toCents(booking.dollarValue), booking.startDate, booking.endDate)
      .map(({ period, cents }) => ({ fiscalPeriodId: period, amount: formatCents(cents) }));
    assert.deepEqual(got, allocations, name);
  }
});
