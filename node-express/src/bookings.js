'use strict';

const { setTimeout: sleep } = require('node:timers/promises');
const { ConnectionError } = require('sequelize');
const { HttpError } = require('./errors');
const { mediaType } = require('./body');
const { decodeBooking, validateBooking } = require('./booking-input');
const { allocate, formatCents } = require('./allocation');

const MAX_ATTEMPTS = 5;
// Deadlock, lock wait timeout, duplicate key (two first sales of a product): the whole transaction is retried.
const RETRYABLE_ERRNOS = new Set([1213, 1205, 1062]);
// The server shutting down, or killing the connection as it does so.
const GOING_AWAY_ERRNOS = new Set([1053, 1927]);

// The database is unavailable, not the request wrong (spec/API.md §6.5): no connection within the acquire
// timeout or none to be had (refused, timed out: sequelize's ConnectionError family), a connection lost under
// the transaction (mysql2 marks those errors fatal), or the server going away.
function unavailable(err) {
  return (
    err instanceof ConnectionError || err.parent?.fatal === true || GOING_AWAY_ERRNOS.has(err.parent?.errno)
  );
}

function bookings({ sequelize, Booking, Aggregate }) {
  // INSERT the booking, then lock and update (or create) each touched aggregate in ascending period order,
  // the same order in every transaction so that concurrent bookings queue instead of deadlocking.
  // Amounts go to SQL as DECIMAL, never as floats (MariaDB adds a string parameter to a DECIMAL as a double).
  async function store(booking, allocations, transaction) {
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

  async function storeWithRetry(booking, allocations) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await sequelize.transaction((transaction) => store(booking, allocations, transaction));
      } catch (err) {
        if (unavailable(err)) throw unavailableError();
        if (!RETRYABLE_ERRNOS.has(err.parent?.errno)) throw err;
        if (attempt === MAX_ATTEMPTS) throw busy();
        await sleep(attempt * (5 + Math.random() * 45));
      }
    }
  }

  // POST /bookings (after requireMediaType and rawBody).
  async function create(req, res) {
    const { booking, cents } = validateBooking(decodeBooking(mediaType(req), req.body));
    const allocations = allocate(cents, booking.startDate, booking.endDate);
    const rowId = await storeWithRetry(booking, allocations);
    res.status(201).json({
      rowId,
      bookingId: booking.bookingId,
      allocations: allocations.map(({ fiscalPeriodId, cents }) => ({
        fiscalPeriodId,
        amount: formatCents(cents),
      })),
    });
  }

  // GET /aggregates?model=&trim=: both filters optional, exact match.
  async function aggregates(req, res) {
    const where = {};
    for (const key of ['model', 'trim']) {
      const value = req.query[key];
      if (Array.isArray(value)) throw new HttpError(400, `${key} may be given once`);
      if (value !== undefined) where[key] = value;
    }
    const rows = await Aggregate.findAll({
      where,
      attributes: ['model', 'trim', 'fiscalPeriodId', 'totalDollarAmount', 'version'],
      order: [
        ['model', 'ASC'],
        ['trim', 'ASC'],
        ['fiscalPeriodId', 'ASC'],
      ],
      raw: true,
    });
    res.json(rows);
  }

  return { create, aggregates };
}

function busy() {
  return new HttpError(503, 'The database is busy, retry', { 'Retry-After': '1' });
}

function unavailableError() {
  return new HttpError(503, 'The database is unavailable, retry', { 'Retry-After': '1' });
}

module.exports = { bookings };
