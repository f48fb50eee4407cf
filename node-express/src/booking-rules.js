'use strict';

const { HttpError } = require('./errors');
const { parseCents } = require('./allocation');

// The validation rules of spec/API.md §6.2, in its order, each failing with its own 422 text.

const DECIMAL = /^\d{1,17}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2049-12-31';
const MAX_ORIGIN_TS = 253_402_300_800_000n; // 10000-01-01T00:00:00Z: DATETIME(3) ends before it
const MAX_CHARS = 255;

// Booking message → { booking: the bookings row, cents }, or HttpError(422) naming the first broken rule.
function validateBooking(message) {
  const bookingId = required(message.bookingId, 'booking_id');
  const model = required(message.model, 'model');
  const trim = required(message.trim, 'trim');
  const dollarValue = required(message.dollarValue, 'dollar_value');
  if (!DECIMAL.test(dollarValue)) {
    reject('dollar_value must be a decimal with at most 17 digits and 2 decimals');
  }
  const cents = parseCents(dollarValue);
  if (cents === 0n) reject('dollar_value must not be zero');
  const startDate = date(message.startDate, 'start_date');
  const endDate = date(message.endDate, 'end_date');
  if (endDate < startDate) reject('end_date must not be before start_date');
  const originTs = BigInt(message.originTs.toString());
  if (originTs <= 0n || originTs >= MAX_ORIGIN_TS) reject('origin_ts must be positive and before year 10000');
  const booking = {
    bookingId,
    dollarValue,
    startDate,
    endDate,
    originTs: new Date(Number(originTs)),
    parentId: optional(message.parentId, 'parent_id'),
    model,
    trim,
    stage: optional(message.stage, 'stage'),
    type: optional(message.type, 'type'),
  };
  return { booking, cents };
}

// Proto3 scalars: absent is the default, '', which a required field rejects.
function required(value, field) {
  if (value === '') reject(`${field} is required`);
  return limited(value, field);
}

// Proto3 `optional` fields: unset is null (SQL NULL), set is kept even when empty.
function optional(value, field) {
  return value === null || value === undefined ? null : limited(value, field);
}

// Column limits count characters (code points), as VARCHAR(255) in utf8mb4 does.
function limited(value, field) {
  if (value.length > MAX_CHARS && [...value].length > MAX_CHARS) {
    reject(`${field} is longer than ${MAX_CHARS} characters`);
  }
  return value;
}

function date(value, field) {
  required(value, field);
  if (!DATE.test(value) || !isCalendarDate(value)) reject(`${field} must be a real date as YYYY-MM-DD`);
  if (value < FIRST_DAY || value > LAST_DAY) reject(`${field} must be between ${FIRST_DAY} and ${LAST_DAY}`);
  return value;
}

function isCalendarDate(isoDate) {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function reject(message) {
  throw new HttpError(422, message);
}

module.exports = { validateBooking };
