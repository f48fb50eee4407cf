// After a run, every target's own database must hold the same bookings and aggregates: the same requests in the
// same order, answered the same way, write the same rows (row ids included: a refused booking's rolled-back
// INSERT uses up its id in every stack alike). A target whose rows differ wrote something it should not have.
import mysql from 'mysql2/promise';

const BOOKINGS = `SELECT row_id, booking_id, dollar_value, start_date, end_date, origin_ts, parent_id, model, trim, stage, type
  FROM bookings ORDER BY row_id`;
const AGGREGATES = `SELECT model, trim, fiscal_period_id, total_dollar_amount, version FROM aggregates
  ORDER BY model, trim, fiscal_period_id`;

async function rowsOf(dbUrl, db) {
  const conn = await mysql.createConnection({ uri: `${dbUrl.replace(/\/$/, '')}/${db}`, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  try {
    const [bookings] = await conn.query({ sql: BOOKINGS, rowsAsArray: true });
    const [aggregates] = await conn.query({ sql: AGGREGATES, rowsAsArray: true });
    return { bookings: bookings.map((r) => JSON.stringify(r)), aggregates: aggregates.map((r) => JSON.stringify(r)) };
  } finally {
    await conn.end();
  }
}

function firstDifference(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) if (a[i] !== b[i]) return { i, a: a[i] ?? '(none)', b: b[i] ?? '(none)' };
  return null;
}

export async function compareDatabases(targets, dbUrl) {
  const all = await Promise.all(targets.map(async (t) => ({ id: t.id, rows: await rowsOf(dbUrl, t.db) })));
  const problems = [];
  for (const table of ['bookings', 'aggregates']) {
    const groups = new Map();
    for (const { id, rows } of all) {
      const key = rows[table].join('\n');
      if (!groups.has(key)) groups.set(key, { ids: [], rows: rows[table] });
      groups.get(key).ids.push(id);
    }
    const ordered = [...groups.values()].sort((x, y) => y.ids.length - x.ids.length);
    const [reference] = ordered;
    for (const other of ordered.slice(1)) {
      const d = firstDifference(reference.rows, other.rows);
      problems.push(`${table}: ${other.ids.join(', ')} hold ${other.rows.length} rows where ${reference.ids.join(', ')} hold ${reference.rows.length};`
        + ` first difference at row ${d.i + 1}: ${d.b} instead of ${d.a}`);
    }
  }
  return problems;
}
