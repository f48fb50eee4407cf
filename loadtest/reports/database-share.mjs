// What each booking cost the database: MariaDB's own counters (SHOW GLOBAL STATUS) read just before and just after
// a bookings window, and its CPU sampled over the window, divided by the bookings the window created. A
// database-bound row's req/s is what MariaDB allowed; these say which stack asks less of it per booking, which decides
// the order once the database has a machine of its own (issue 51).

// Statements the server ran for clients (Questions: each one a request and its answer, unless a driver pipelines
// them; a prepared statement's executions count there and under its kind, its preparation only under
// Com_stmt_prepare), by kind; the rows read by key, written and changed; row lock waits and their time (ms); bytes.
export const COUNTERS = ['Questions', 'Com_select', 'Com_insert', 'Com_update', 'Com_commit', 'Com_rollback', 'Com_begin',
  'Com_stmt_prepare', 'Com_stmt_execute', 'Handler_read_key', 'Handler_write', 'Handler_update',
  'Innodb_row_lock_waits', 'Innodb_row_lock_time', 'Bytes_received', 'Bytes_sent'];

/** The counters now, as numbers ({ Questions: …, … }). */
export async function readCounters(db) {
  const [rows] = await db.query(`SHOW GLOBAL STATUS WHERE Variable_name IN (${COUNTERS.map(() => '?').join(', ')})`, COUNTERS);
  return Object.fromEntries(rows.map((r) => [r.Variable_name, Number(r.Value)]));
}

/**
 * after − before, per counter. The reading after the window counts itself among the Questions (MariaDB counts a
 * statement as it starts), so one is taken off: what is left is the stack's.
 */
export function difference(before, after) {
  const delta = Object.fromEntries(COUNTERS.filter((c) => c in before && c in after).map((c) => [c, after[c] - before[c]]));
  if ('Questions' in delta) delta.Questions -= 1;
  return delta;
}

/**
 * Per booking created in the window: statements (and of each kind), MariaDB CPU in µs, row lock waits and their ms,
 * bytes each way. null without bookings or counters. databaseCpuPercent: MariaDB's process, 100 = one core.
 */
export function perBooking(delta, { bookings, seconds, databaseCpuPercent = null }) {
  if (!delta || !bookings) return null;
  const per = (name) => (name in delta ? delta[name] / bookings : null);
  return {
    bookings,
    statements: per('Questions'),
    // A statement prepared on the server is a round trip of its own that Questions does not count.
    roundTrips: 'Questions' in delta ? (delta.Questions + (delta.Com_stmt_prepare ?? 0)) / bookings : null,
    select: per('Com_select'), insert: per('Com_insert'), update: per('Com_update'), begin: per('Com_begin'), commit: per('Com_commit'),
    rollback: per('Com_rollback'), prepare: per('Com_stmt_prepare'), execute: per('Com_stmt_execute'),
    rowsReadByKey: per('Handler_read_key'), rowsWritten: per('Handler_write'), rowsUpdated: per('Handler_update'),
    lockWaits: per('Innodb_row_lock_waits'), lockWaitMs: per('Innodb_row_lock_time'),
    bytesReceived: per('Bytes_received'), bytesSent: per('Bytes_sent'),
    cpuMicros: databaseCpuPercent == null || !seconds ? null : ((databaseCpuPercent / 100) * seconds * 1e6) / bookings,
  };
}
