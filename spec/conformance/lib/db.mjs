// Read-only access to the effects a stack leaves in the database; the suite never writes or truncates.
import mysql from 'mysql2/promise';
import { dbUrl } from './config.mjs';

let pool;

export async function query(sql, params = []) {
  // Dates and decimals come back as the exact strings MariaDB stores, so they compare without conversion.
  pool ??= mysql.createPool({ uri: dbUrl, connectionLimit: 4, dateStrings: true, timezone: 'Z', connectTimeout: 5_000 });
  const [rows] = await pool.query(sql, params);
  return rows;
}

export async function closeDb() {
  await pool?.end();
  pool = undefined;
}
