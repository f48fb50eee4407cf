// spec/API.md §6.8 GET /aggregates: optional exact-match model and trim filters, ordered by model, trim, period.
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { allocate, encode, formatCents, PROTOBUF, toCents } from './lib/bookings.mjs';
import { unique } from './lib/config.mjs';
import { closeDb } from './lib/db.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAgent, get, post } from './lib/http.mjs';

after(closeAgent);
after(closeDb);

const base = unique('conf-agg');
const [modelA, modelB] = [`${base}-a`, `${base}-b b+ü`];
const [trimX, trimY] = [unique('X'), unique('Y')];
// UTF-8 byte order (the binary collation) puts U+FF58 before U+1F600; UTF-16 order would not.
const [fullwidth, emoji] = [`${trimX}-\uff58`, `${trimX}-\u{1f600}`];
// Posted out of order on purpose: the response order must come from the query, not from insertion.
const bookings = [
  { model: modelB, trim: trimY, dollarValue: '10.00', startDate: '2024-06-01', endDate: '2024-07-31' },
  { model: modelA, trim: trimY, dollarValue: '0.05', startDate: '2025-01-01', endDate: '2025-12-31' },
  { model: modelA, trim: trimX, dollarValue: '99.99', startDate: '2024-12-01', endDate: '2025-01-31' },
  { model: modelA, trim: emoji, dollarValue: '3.00', startDate: '2026-01-01', endDate: '2026-01-01' },
  { model: modelA, trim: fullwidth, dollarValue: '4.00', startDate: '2026-01-01', endDate: '2026-01-01' },
  { model: modelA, trim: trimX, dollarValue: '1.01', startDate: '2025-02-01', endDate: '2025-02-01' },
  // A trailing space makes another product (a PAD SPACE collation would merge the two rows).
  { model: modelA, trim: `${trimX} `, dollarValue: '2.00', startDate: '2025-02-01', endDate: '2025-02-01' },
].map((b, i) => ({ ...b, bookingId: `${base}-${i}`, originTs: '1700000000000' }));

const utf8Order = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** What GET /aggregates must return for the bookings matching `filter`, in contract order. */
function expected(filter) {
  const rows = new Map();
  for (const b of bookings.filter(filter)) {
    for (const { fiscalPeriodId, amount } of allocate(b.dollarValue, b.startDate, b.endDate)) {
      const key = JSON.stringify([b.model, b.trim, fiscalPeriodId]);
      const row = rows.get(key) ?? { model: b.model, trim: b.trim, fiscalPeriodId, cents: 0n, version: 0 };
      row.cents += toCents(amount);
      row.version += 1;
      rows.set(key, row);
    }
  }
  return [...rows.values()]
    .sort((p, q) => utf8Order(p.model, q.model) || utf8Order(p.trim, q.trim) || p.fiscalPeriodId - q.fiscalPeriodId)
    .map(({ cents, ...row }) => ({ ...row, totalDollarAmount: formatCents(cents) }));
}

/** GET /aggregates with the query written as clients do: UTF-8 percent-encoded, space as %20, + as %2B. */
async function aggregates(filters) {
  const query = Object.entries(filters).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  const res = await get(`/aggregates?${query}`);
  assert.equal(res.status, 200);
  assert.match(res.headers['content-type'], /^application\/json\b/i);
  const body = res.json();
  assert.ok(Array.isArray(body), 'an array');
  for (const row of body) assert.match(row.totalDollarAmount, /^\d+\.\d{2}$/, 'totalDollarAmount: a string with 2 decimals');
  return body;
}

describe('§6.8 GET /aggregates', () => {
  before(async () => {
    for (const b of bookings) assert.equal((await post('/bookings', encode(b), PROTOBUF)).status, 201);
  });

  clause('GET /aggregates?model= → 200 JSON array of {model, trim, fiscalPeriodId, totalDollarAmount, version} ordered by model, trim, fiscalPeriodId', async () => {
    assert.deepEqual(await aggregates({ model: modelA }), expected((b) => b.model === modelA));
  });

  clause('GET /aggregates?model=&trim= → only that product', async () => {
    assert.deepEqual(await aggregates({ model: modelA, trim: trimX }), expected((b) => b.model === modelA && b.trim === trimX));
    assert.deepEqual(await aggregates({ model: modelB, trim: trimY }), expected((b) => b.model === modelB));
  });

  clause('GET /aggregates?trim= → that trim across models, ordered by model', async () => {
    assert.deepEqual(await aggregates({ trim: trimY }), expected((b) => b.trim === trimY));
  });

  clause('A parameter given more than once → 400', async () => {
    for (const query of [`model=${encodeURIComponent(modelA)}&model=${encodeURIComponent(modelB)}`, 'trim=a&trim=a']) {
      const res = await get(`/aggregates?${query}`);
      assert.equal(res.status, 400, `GET /aggregates?${query}`);
    }
  });

  clause('A present filter is exact, binary equality (case-, accent- and trailing-space-sensitive), even when it is empty', async () => {
    const spaced = await aggregates({ model: modelA, trim: `${trimX} ` });
    assert.deepEqual(spaced, expected((b) => b.model === modelA && b.trim === `${trimX} `));
    assert.equal(spaced.length, 1, `"${trimX} " is its own product`);
    assert.deepEqual(await aggregates({ model: base }), []);
    assert.deepEqual(await aggregates({ model: modelA.toUpperCase() }), []);
    assert.deepEqual(await aggregates({ model: modelB.replace('ü', 'u') }), []);
    assert.deepEqual(await aggregates({ model: modelA, trim: trimX.slice(0, -1) }), []);
    assert.deepEqual(await aggregates({ model: modelA, trim: '' }), []);
  });
});
