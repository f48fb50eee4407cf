// spec/API.md §6 bookings, the invariant under concurrency: 100 bookings, 32 at once, on one new product must leave
// exactly one aggregate row per period, its total the sum of the allocations, its version the touch count.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { aggregatesOf, allocate, encode, formatCents, PROTOBUF, toCents } from './lib/bookings.mjs';
import { unique } from './lib/config.mjs';
import { closeDb, query } from './lib/db.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAgent, post } from './lib/http.mjs';

after(closeAgent);
after(closeDb);

// spec/API.md §1.1's default DB_POOL_SIZE, which the runner starts every stack with.
const POOL_SIZE = 32;

/** Runs the tasks with at most `limit` of them pending at once; resolves with their results in order. */
async function inFlight(limit, tasks) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

const iso = (millis) => new Date(millis).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** 100 intervals from 2023-05 to 2025-08: one to four half-years each, many across leap day 2024-02-29. */
function bookingsFor(model, trim) {
  return Array.from({ length: 100 }, (_, i) => {
    const start = Date.UTC(2023, 4, 1) + ((i * 37) % 400) * DAY;
    const end = start + ((i * 53) % 420) * DAY;
    return { bookingId: `${model}-${i}`, dollarValue: `${1 + ((i * 7919) % 100000)}.${String(i % 100).padStart(2, '0')}`,
      startDate: iso(start), endDate: iso(end), originTs: String(1_700_000_000_000 + i), model, trim };
  });
}

/** Sums per period: total cents and the number of bookings that touched it. */
function tally(allocationLists) {
  const periods = new Map();
  for (const list of allocationLists) {
    for (const { fiscalPeriodId, amount } of list) {
      const p = periods.get(fiscalPeriodId) ?? { cents: 0n, touches: 0 };
      p.cents += toCents(amount);
      p.touches += 1;
      periods.set(fiscalPeriodId, p);
    }
  }
  return [...periods].sort(([a], [b]) => a - b)
    .map(([fiscalPeriodId, p]) => ({ fiscalPeriodId, amount: formatCents(p.cents), version: p.touches }));
}

describe('§6 bookings: concurrency', () => {
  clause('Nothing lost, nothing counted twice, under any concurrency: 100 concurrent bookings on one new product', async () => {
    const model = unique('conf-race');
    const trim = 'RACE';
    const bookings = bookingsFor(model, trim);
    assert.ok(bookings.some((b) => b.startDate <= '2024-02-29' && b.endDate >= '2024-02-29'), 'the leap day must be covered');

    const responses = await inFlight(POOL_SIZE, bookings.map((b) => () => post('/bookings', encode(b), PROTOBUF, { timeout: 30_000 })));
    // A booking whose 5 attempts all hit deadlocks gets 503 + Retry-After (§6.5); a handful is a correct answer
    // under this contention, more means the retry is missing. A handful is up to 10: a thread-per-request JVM
    // stack runs all 32 pooled transactions truly at once, and a cold one beside the suite's other files gave
    // up on 6 (0 to 3 warm); without the retry, dozens give up. No more are sent at once than the pool holds, so
    // that no 503 here is the other, equally correct one: a connection not free within 2 s (a cold java-mvc-jpa
    // sent all 100 at once gave 57 of those, each after 3.2-3.5 s).
    const statuses = responses.map((r) => r.status);
    assert.deepEqual(statuses.filter((s) => s !== 201 && s !== 503), [], `201 (or 503) expected, got ${JSON.stringify(statuses)}`);
    const busy = responses.filter((r) => r.status === 503);
    assert.ok(busy.length <= 10, `${busy.length} bookings gave up after 5 attempts: is the whole transaction retried?`);
    for (const r of busy) assert.equal(r.headers['retry-after'], '1', '503 carries Retry-After: 1');
    const committed = bookings.filter((_, i) => responses[i].status === 201);
    const returned = responses.filter((r) => r.status === 201).map((r) => r.json().allocations);
    returned.forEach((allocations, i) => {
      const b = committed[i];
      assert.deepEqual(allocations, allocate(b.dollarValue, b.startDate, b.endDate), `allocations of ${b.bookingId}`);
    });

    const aggregates = await aggregatesOf(model, trim);
    assert.ok(aggregates.length >= 4, `several periods expected, got ${aggregates.length}`);
    assert.deepEqual(aggregates, tally(returned), 'aggregates must equal the returned allocations summed per period');

    // Recomputed from what the bookings table holds, independently of the responses.
    const rows = await query('SELECT dollar_value, start_date, end_date FROM bookings WHERE model = ? AND trim = ?', [model, trim]);
    assert.equal(rows.length, committed.length, 'one bookings row per 201, none for a 503');
    assert.deepEqual(aggregates, tally(rows.map((r) => allocate(r.dollar_value, r.start_date, r.end_date))));
  }, { timeout: 60_000 });
});
