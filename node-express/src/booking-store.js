'use strict';

const { ConnectionError } = require('sequelize');
const { formatCents } = require('./allocation');

// The server shutting down, or killing the connection as it does so.
const GOING_AWAY_ERRNOS = new Set([1053, 1927]);
// Out of range value for a column: in strict mode, a total past DECIMAL(19,2).
const OUT_OF_RANGE_ERRNO = 1264;

// The database is unavailable, not the request wrong (spec/API.md §6.5): the caller answers 503.
class DatabaseUnavailable extends Error {
  constructor(cause) {
    super('the database is unavailable', { cause });
    this.name = 'DatabaseUnavailable';
  }
}

// The booking would take an aggregate's total past DECIMAL(19,2) (spec/API.md §6.5): the caller answers 409.
class TotalOverflow extends Error {
  constructor(cause) {
    super("the booking would take an aggregate's total past 99999999999999999.99", { cause });
    this.name = 'TotalOverflow';
  }
}

// The bookings transaction (spec/API.md §6.4) through sequelize's managed transactions: any error rolls back.
function bookingStore({ sequelize, Booking, Aggregate }) {
  // INSERT the booking, then lock and update (or create) each touched aggregate in ascending period order,
  // the same order in every transaction so that concurrent bookings queue instead of deadlocking.
  // Amounts go to SQL as DECIMAL, never as floats (MariaDB adds a string parameter to a DECIMAL as a double).
  async function insert(booking, allocations, transaction) {
    const row = await Booking.create(booking, { transaction });
    for (const { fiscalPeriodId, cents } of allocations) {
      const amount = formatCents(cents);
      const where = { model: booking.model, trim: booking.trim, fiscalPeriodId };
      const aggregate = await Aggregate.findOne({
        attributes: ['rowId'],
        where,
        lock: transaction.LOCK.UPDATE,
        transaction,
      });
      if (aggregate) {
        const totalDollarAmount = sequelize.cast(amount, 'DECIMAL(19,2)');
        await aggregate.increment({ totalDollarAmount, version: 1 }, { transaction });
      } else {
        await Aggregate.create({ ...where, totalDollarAmount: amount, version: 1 }, { transaction });
      }
    }
    return row.rowId;
  }

  // One attempt of the whole transaction; resolves to the new booking's row_id once committed.
  async function save(booking, allocations) {
    try {
      return await sequelize.transaction((transaction) => insert(booking, allocations, transaction));
    } catch (err) {
      if (unavailable(err)) throw new DatabaseUnavailable(err);
      if (err.parent?.errno === OUT_OF_RANGE_ERRNO) throw new TotalOverflow(err);
      throw err;
    }
  }

  return { save };
}

// No connection within the acquire timeout or none to be had (refused, timed out: sequelize's
// ConnectionError family), a connection lost under the transaction (mysql2 marks those errors fatal), or the
// server going away.
function unavailable(err) {
  return (
    err instanceof ConnectionError || err.parent?.fatal === true || GOING_AWAY_ERRNOS.has(err.parent?.errno)
  );
}

module.exports = { bookingStore, DatabaseUnavailable, TotalOverflow };
