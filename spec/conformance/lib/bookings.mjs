// Bookings helpers: protobuf encoding from spec/booking.proto, the allocation rule (spec/lib/allocation.mjs,
// to recompute what the stack must have written) and the database effect checks.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { repoRoot, unique } from './config.mjs';
import { query } from './db.mjs';
import { allocate as allocateCents, toCents, formatCents } from '../../lib/allocation.mjs';

const Booking = protobuf.loadSync(join(repoRoot, 'spec/booking.proto')).lookupType('bench.bookings.Booking');
const camel = (key) => key.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** proto3 JSON (lowerCamelCase or snake_case keys, int64 as number or string) → protobuf bytes. */
export function encode(json) {
  const fields = Object.fromEntries(Object.entries(json).map(([k, v]) => [camel(k), v]));
  return Buffer.from(Booking.encode(Booking.fromObject(fields)).finish());
}

export const PROTOBUF = 'application/x-protobuf';
export const JSON_TYPE = 'application/json';

export { toCents, formatCents };

/** spec/API.md §6 allocation (spec/lib/allocation.mjs) in the 201's shape: [{ fiscalPeriodId, amount: "147.54" }]. */
export function allocate(dollarValue, startDate, endDate) {
  return allocateCents(toCents(dollarValue), startDate, endDate)
    .map(({ period, cents }) => ({ fiscalPeriodId: period, amount: formatCents(cents) }));
}

/** Makes a non-empty string unique to this run without changing whether it fits 255 characters. */
function uniqueIn(value, prefix) {
  if (!value) return value;
  const chars = Array.from(value);
  const suffix = `~${unique(prefix)}`;
  if (chars.length > 255) return value + suffix;
  return chars.slice(0, Math.min(chars.length, 255 - suffix.length)).join('') + suffix;
}

/** The fixture booking with its model and booking id made unique to this run (effects are read by them). */
export const uniqueBooking = (booking) =>
  ({ ...booking, bookingId: uniqueIn(booking.bookingId, 'b'), model: uniqueIn(booking.model, 'conf') });

const utcDatetime3 = (millis) => new Date(Number(millis)).toISOString().replace('T', ' ').replace('Z', '');

/** The bookings row for `rowId` holds exactly the request's fields, optional ones NULL when absent. */
export async function assertBookingRow(rowId, booking) {
  const [row] = await query('SELECT * FROM bookings WHERE row_id = ?', [rowId]);
  assert.ok(row, `no bookings row with row_id ${rowId}`);
  assert.deepEqual(
    { booking_id: row.booking_id, dollar_value: row.dollar_value, start_date: row.start_date, end_date: row.end_date,
      origin_ts: row.origin_ts, parent_id: row.parent_id, model: row.model, trim: row.trim, stage: row.stage, type: row.type },
    { booking_id: booking.bookingId, dollar_value: formatCents(toCents(booking.dollarValue)), start_date: booking.startDate,
      end_date: booking.endDate, origin_ts: utcDatetime3(booking.originTs), parent_id: booking.parentId ?? null,
      model: booking.model, trim: booking.trim, stage: booking.stage ?? null, type: booking.type ?? null },
  );
}

/** The aggregate rows of one product, ascending by period, in the shape of the 201 allocations. */
export async function aggregatesOf(model, trim) {
  const rows = await query(
    'SELECT fiscal_period_id, total_dollar_amount, version FROM aggregates WHERE model = ? AND trim = ? ORDER BY fiscal_period_id',
    [model, trim]);
  return rows.map((r) => ({ fiscalPeriodId: r.fiscal_period_id, amount: r.total_dollar_amount, version: r.version }));
}

/** Nothing written: no bookings row by this run's booking id or model, no aggregates row by model. */
export async function assertNothingWritten(booking) {
  const [{ n: bookings }] = await query('SELECT COUNT(*) AS n FROM bookings WHERE (model = ? AND model <> \'\') OR (booking_id = ? AND booking_id <> \'\')',
    [booking.model ?? '', booking.bookingId ?? '']);
  const [{ n: aggregates }] = await query('SELECT COUNT(*) AS n FROM aggregates WHERE model = ? AND model <> \'\'', [booking.model ?? '']);
  assert.deepEqual({ bookings: Number(bookings), aggregates: Number(aggregates) }, { bookings: 0, aggregates: 0 }, 'something was written');
}
