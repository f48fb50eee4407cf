'use strict';

// One half-year's share of a booking, in cents (spec/API.md §6.3). Exact: cents are BigInt, days are whole
// numbers, no floating point anywhere. Dates are validated 'YYYY-MM-DD' strings, which compare in date order.

const MS_PER_DAY = 86_400_000;

// Splits `totalCents` over the half-years that [start, end] (inclusive) overlaps, in ascending period order
// (the lock order): each period but the last gets floor(C × d / D), the last gets the remainder, so the shares
// sum to exactly C. Every overlapped period is listed, even with 0 cents.
function allocate(totalCents, start, end) {
  const totalDays = BigInt(daysBetween(start, end) + 1);
  const allocations = [];
  let allocated = 0n;
  for (let day = start; day <= end;) {
    const last = lastDayOfHalf(day) < end ? lastDayOfHalf(day) : end;
    const cents =
      last === end ? totalCents - allocated : (totalCents * BigInt(daysBetween(day, last) + 1)) / totalDays;
    allocations.push({ fiscalPeriodId: periodId(day), cents });
    allocated += cents;
    day = plusDays(last, 1);
  }
  return allocations;
}

// year × 10 + half: 20221 is January–June 2022, 20222 July–December.
function periodId(day) {
  const [year, month] = day.split('-').map(Number);
  return year * 10 + (month <= 6 ? 1 : 2);
}

function lastDayOfHalf(day) {
  const [year, month] = day.split('-').map(Number);
  return month <= 6 ? `${year}-06-30` : `${year}-12-31`;
}

// A date-only ISO string is parsed as midnight UTC: whole days apart, whatever the time zone.
function daysBetween(from, to) {
  return (Date.parse(to) - Date.parse(from)) / MS_PER_DAY;
}

function plusDays(day, days) {
  return new Date(Date.parse(day) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

// '1999.9' → 199990n. The caller has validated the text (digits with at most two decimals).
function parseCents(decimal) {
  const [units, fraction = ''] = decimal.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
}

// 199990n → '1999.90': always exactly two decimals, as DECIMAL(19,2) stores it and the response writes it.
function formatCents(cents) {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

module.exports = { allocate, periodId, lastDayOfHalf, parseCents, formatCents };
