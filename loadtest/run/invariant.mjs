// The bookings invariant (spec/API.md §6.9), checked in SQL after every bookings run. For every
// (model, trim, fiscal period): exactly one aggregates row; its total equals the sum of that period's
// allocations recomputed from the bookings rows; its version equals the number of bookings overlapping the
// period; and no aggregates row exists that no booking explains. `model` scopes the check (tests use a model
// of their own and never truncate); the bench checks everything. `expectedBookings` (the bench: the 201s of
// the whole JMeter run, warm-up included) adds: at least that many bookings rows, and more than none, so an
// empty table (nothing written, or everything lost) cannot pass as "consistent". At most `unanswered` more:
// requests that got no HTTP status (JMeter interrupts the ones in flight when its duration ends) may have been
// committed by the server all the same.
import { allocate, toCents, formatCents } from '../../spec/lib/allocation.mjs';

const MAX_REPORTED = 20;

/** Returns { ok, bookings, aggregates, problems: [string] } (problems capped, problemCount exact). */
export async function checkInvariant(db, { model, expectedBookings, unanswered = 0 } = {}) {
  const where = model === undefined ? '' : ' WHERE model = ?';
  const params = model === undefined ? [] : [model];
  // Both tables from one consistent snapshot: the stack may still be committing requests the generator gave up
  // on (in flight when it stopped), and two plain SELECTs could see a booking's aggregates without its row.
  // DATE and DECIMAL columns as strings (the connection must use dateStrings), so nothing goes through floats.
  const conn = await db.getConnection();
  let bookings;
  let aggregates;
  try {
    await conn.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await conn.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    [bookings] = await conn.query(
      `SELECT model, trim, CAST(dollar_value AS CHAR) AS value, CAST(start_date AS CHAR) AS start_date,
         CAST(end_date AS CHAR) AS end_date FROM bookings${where}`, params);
    [aggregates] = await conn.query(
      `SELECT model, trim, fiscal_period_id AS period, CAST(total_dollar_amount AS CHAR) AS total, version
         FROM aggregates${where}`, params);
    await conn.query('COMMIT');
  } finally {
    conn.release();
  }

  const expected = new Map();
  for (const b of bookings) {
    for (const { period, cents } of allocate(toCents(b.value), b.start_date, b.end_date)) {
      const key = JSON.stringify([b.model, b.trim, period]);
      const e = expected.get(key) ?? expected.set(key, { cents: 0n, count: 0 }).get(key);
      e.cents += cents;
      e.count += 1;
    }
  }
  const actual = new Map();
  for (const a of aggregates) {
    const key = JSON.stringify([a.model, a.trim, a.period]);
    (actual.get(key) ?? actual.set(key, []).get(key)).push(a);
  }

  const problems = [];
  if (expectedBookings !== undefined) {
    if (bookings.length < expectedBookings || bookings.length > expectedBookings + unanswered) {
      problems.push(`${bookings.length} bookings rows, but ${expectedBookings} 201 responses` +
        (unanswered ? ` and ${unanswered} requests without a response` : ''));
    }
    if (bookings.length === 0) problems.push('no bookings rows at all');
  }
  for (const [key, e] of expected) {
    const rows = actual.get(key) ?? [];
    if (rows.length !== 1) { problems.push(`${key}: ${rows.length} aggregates rows, expected exactly 1`); continue; }
    const [row] = rows;
    if (toCents(row.total) !== e.cents) problems.push(`${key}: total ${row.total}, expected ${formatCents(e.cents)}`);
    if (Number(row.version) !== e.count) problems.push(`${key}: version ${row.version}, expected ${e.count}`);
  }
  for (const key of actual.keys()) {
    if (!expected.has(key)) problems.push(`${key}: aggregates row without any booking`);
  }
  return {
    ok: problems.length === 0,
    bookings: bookings.length,
    aggregates: aggregates.length,
    problemCount: problems.length,
    problems: problems.slice(0, MAX_REPORTED),
  };
}

