// spec/API.md §6.3, written independently of every stack: a booking's value in whole cents, spread pro rata
// by days over the half-years its inclusive interval overlaps; each share is floored and the last period gets
// the remainder, so the shares always sum to the value. BigInt throughout: never binary floating point.
// Pure (no environment, no I/O): the one copy shared by the conformance suite and the bench's invariant.
const DAY = 86_400_000;
const dayOf = (iso) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY;

/** "123.45" (DECIMAL(19,2) as MariaDB returns it) → 12345n. */
export function toCents(value) {
  const [whole, frac = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
}

/** 12345n → "123.45". */
export const formatCents = (cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** [{ period: 20221, cents: 14754n }, …] in ascending period order, every overlapped period included. */
export function allocate(cents, startDate, endDate) {
  const start = dayOf(startDate);
  const end = dayOf(endDate);
  const totalDays = BigInt(end - start + 1);
  const periods = [];
  for (let year = Number(startDate.slice(0, 4)); year <= Number(endDate.slice(0, 4)); year++) {
    const halves = [[1, Date.UTC(year, 0, 1) / DAY, Date.UTC(year, 5, 30) / DAY], [2, Date.UTC(year, 6, 1) / DAY, Date.UTC(year, 11, 31) / DAY]];
    for (const [half, from, to] of halves) {
      const days = Math.min(end, to) - Math.max(start, from) + 1;
      if (days > 0) periods.push({ period: year * 10 + half, days: BigInt(days) });
    }
  }
  let given = 0n;
  return periods.map(({ period, days }, i) => {
    const share = i === periods.length - 1 ? cents - given : (cents * days) / totalDays;
    given += share;
    return { period, cents: share };
  });
}
