// spec/API.md §6.4: each aggregate row is locked with SELECT … FOR UPDATE before it is changed. A stack that
// updates with `total = total + ?` keeps the invariant even without the lock, so the invariant alone cannot
// see a missing lock: this clause watches the statement the database is running instead. While the suite holds
// a shared lock on the product's aggregate row, the stack's transaction must be waiting in its
// SELECT … FOR UPDATE, not in an UPDATE or INSERT.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import mysql from 'mysql2/promise';
import { aggregatesOf, encode, PROTOBUF } from './lib/bookings.mjs';
import { dbUrl, unique } from './lib/config.mjs';
import { closeDb, query } from './lib/db.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAgent, post } from './lib/http.mjs';

after(closeAgent);
after(closeDb);

const FOR_UPDATE = /^\s*select\b[\s\S]*\bfrom\s+`?aggregates`?[\s\S]*\bfor\s+update\b/i;

async function assertCanSeeOtherSessions() {
  const grants = (await query('SHOW GRANTS')).map((row) => Object.values(row)[0]).join('\n');
  assert.match(grants, /GRANT (ALL PRIVILEGES|.*\bPROCESS\b.*) ON \*\.\*/,
    'the database user needs the PROCESS privilege to see the stack\'s statements (harness/runtimes/native/db.sh grants it)');
}

/** The statement of the transaction waiting for a lock that `holderThreadId` holds, polled until one waits. */
async function blockedStatement(holderThreadId, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const rows = await query(
      `SELECT waiting.trx_query AS info
         FROM information_schema.INNODB_LOCK_WAITS w
         JOIN information_schema.INNODB_TRX waiting ON waiting.trx_id = w.requesting_trx_id
         JOIN information_schema.INNODB_TRX holding ON holding.trx_id = w.blocking_trx_id
        WHERE holding.trx_mysql_thread_id = ?`,
      [holderThreadId]);
    if (rows.length && rows[0].info) return rows[0].info;
    // InnoDB refreshes these tables only when 100 ms have passed since they were last read: poll slower.
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/** Whether another session holds a lock on the period's row: a NOWAIT shared lock fails at once if so. */
async function periodLocked(model, trim, period) {
  try {
    await query(
      'SELECT version FROM aggregates WHERE model = ? AND trim = ? AND fiscal_period_id = ? LOCK IN SHARE MODE NOWAIT',
      [model, trim, period]);
    return false;
  } catch (error) {
    if (error.errno === 1205) return true;
    throw error;
  }
}

describe('§6 bookings: the lock', () => {
  clause('for each allocated period in ascending id order SELECT … FROM aggregates … FOR UPDATE, then UPDATE or INSERT', async () => {
    await assertCanSeeOtherSessions();
    const model = unique('conf-lock');
    const trim = 'LOCK';
    // June and July 2024: periods 20241 and 20242, 30 and 31 days.
    const booking = (n) => ({ bookingId: `${model}-${n}`, dollarValue: '61.00', startDate: '2024-06-01',
      endDate: '2024-07-31', originTs: '1700000000000', model, trim });
    assert.equal((await post('/bookings', encode(booking(1)), PROTOBUF)).status, 201);

    const holder = await mysql.createConnection({ uri: dbUrl, connectTimeout: 5_000 });
    try {
      await holder.beginTransaction();
      await holder.query(
        'SELECT version FROM aggregates WHERE model = ? AND trim = ? AND fiscal_period_id = 20241 LOCK IN SHARE MODE',
        [model, trim]);
      const pending = post('/bookings', encode(booking(2)), PROTOBUF, { timeout: 30_000 });
      const statement = await blockedStatement(holder.threadId);
      const laterLockedFirst = statement ? await periodLocked(model, trim, 20242) : null;
      await holder.rollback();
      const res = await pending;
      assert.ok(statement, 'the stack never waited on the locked aggregate row');
      assert.match(statement, FOR_UPDATE, `the stack waited in \`${statement.replace(/\s+/g, ' ')}\` instead`);
      assert.equal(laterLockedFirst, false, 'the stack locked period 20242 before 20241: periods must be locked in ascending order');
      assert.equal(res.status, 201);
    } finally {
      await holder.end();
    }
    assert.deepEqual(await aggregatesOf(model, trim), [
      { fiscalPeriodId: 20241, amount: '60.00', version: 2 },
      { fiscalPeriodId: 20242, amount: '62.00', version: 2 },
    ]);
  }, { timeout: 45_000 });
});
