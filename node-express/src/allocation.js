'use strict';

// The allocation rule, pure and exact: cents are BigInt, days are integers, no floating point anywhere.

const MS_PER_DAY = 86_400_000;

// Days since 1970-01-01 of a valid 'YYYY-MM-DD'.
function dayNumber(isoDate) {
  const [year, month, day] = isoDate.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

// The calendar half-year holding `day`: id = year × 10 + half, with its first and last day.
function periodOf(day) {
  const date = new Date(day * MS_PER_DAY);
  const year = date.getUTCFullYear();
  const half = date.getUTCMonth() < 6 ? 1 : 2;
  const first = Date.UTC(year, half === 1 ? 0 : 6, 1) / MS_PER_DAY;
  const last = Date.UTC(half === 1 ? year : year + 1, half === 1 ? 6 : 0, 1) / MS_PER_DAY - 1;
  return { id: year * 10 + half, first, last };
}

// Splits `totalCents` over the half-years that [startDate, endDate] (inclusive) overlaps, in ascending order:
// each period but the last gets floor(total × days / totalDays), the last gets the remainder.
// Every overlapped period is listed, even with 0 cents.
function allocate(totalCents, startDate, endDate) {
  const start = dayNumber(startDate);
  const end = dayNumber(endDate);
  const totalDays = BigInt(end - start + 1);
  const allocations = [];
  let allocated = 0n;
  for (let day = start; day <= end;) {
    const period = periodOf(day);
    const last = Math.min(end, period.last);
    const cents = last === end ? totalCents - allocated : (totalCents * BigInt(last - day + 1)) / totalDays;
    allocations.push({ fiscalPeriodId: period.id, cents });
    allocated += cents;
    day = last + 1;
  }
  return allocations;
}

// '1999.9' → 199990n. The caller has validated the text (digits with at most two decimals).
function parseCents(decimal) {
  const [units, fraction = ''] = decimal.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
}

// 199990n → '1999.90': always exactly two decimals.
function formatCents(cents) {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

module.exports = { allocate, parseCents, formatCents, dayNumber };
