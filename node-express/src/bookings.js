'use strict';

const { HttpError } = require('./errors');
const { mediaType } = require('./body');
const { decodeBooking } = require('./booking-input');
const { validateBooking } = require('./booking-rules');
const { allocate, formatCents } = require('./allocation');
const { bookingStore, DatabaseUnavailable, TotalOverflow } = require('./booking-store');
const { withRetries, RetriesExhausted } = require('./retries');

// POST /bookings (after requireMediaType: 415, and rawBody: 413): decoding 400, validation 422, then the
// transaction, retried whole on the conflicts of retries.js; 201, 409 when a total would overflow, or 503 with
// Retry-After when the database stays busy or is unavailable.
function bookings(db) {
  const store = bookingStore(db);
  return async (req, res) => {
    const { booking, cents } = validateBooking(decodeBooking(mediaType(req), req.body));
    const allocations = allocate(cents, booking.startDate, booking.endDate);
    const rowId = await withRetries(() => store.save(booking, allocations)).catch(refused);
    res.status(201).json({
      rowId,
      bookingId: booking.bookingId,
      allocations: allocations.map(({ fiscalPeriodId, cents }) => ({
        fiscalPeriodId,
        amount: formatCents(cents),
      })),
    });
  };
}

// Answers, not failures: the error handler writes them without logging them.
function refused(err) {
  if (err instanceof TotalOverflow) throw new HttpError(409, err.message);
  if (err instanceof RetriesExhausted) throw retryLater('The database is busy, retry');
  if (err instanceof DatabaseUnavailable) throw retryLater('The database is unavailable, retry');
  throw err;
}

function retryLater(message) {
  return new HttpError(503, message, { 'Retry-After': '1' });
}

module.exports = { bookings };
