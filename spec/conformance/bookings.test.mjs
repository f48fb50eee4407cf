// spec/API.md §6 bookings: every spec/fixtures/bookings case, as protobuf and as proto3 JSON, with its effects
// read back from the database by this run's unique model and booking id.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import {
  aggregatesOf, allocate, assertBookingRow, assertNothingWritten, encode, JSON_TYPE, PROTOBUF, uniqueBooking,
} from './lib/bookings.mjs';
import { fixturesDir } from './lib/config.mjs';
import { closeDb } from './lib/db.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAgent, post } from './lib/http.mjs';

after(closeAgent);
after(closeDb);

const load = (name) => JSON.parse(readFileSync(join(fixturesDir, 'bookings', name), 'utf8'));
const valid = load('valid.json');
const invalid = load('invalid.json');
const ENCODINGS = [['protobuf', PROTOBUF, encode], ['JSON', JSON_TYPE, (b) => JSON.stringify(b)]];

describe('§6 bookings: valid fixtures', () => {
  for (const { name, booking: fixture, allocations } of valid) {
    for (const [encoding, type, serialise] of ENCODINGS) {
      clause(`201 with the allocations, the booking row and version-1 aggregates written: ${name} (${encoding})`, async () => {
        const booking = uniqueBooking(fixture);
        const res = await post('/bookings', serialise(booking), type);
        assert.equal(res.status, 201, res.text.slice(0, 300));
        assert.match(res.headers['content-type'], /^application\/json\b/i);
        const body = res.json();
        assert.deepEqual(Object.keys(body).sort(), ['allocations', 'bookingId', 'rowId']);
        assert.ok(Number.isSafeInteger(body.rowId) && body.rowId > 0, `rowId must be a positive integer: ${body.rowId}`);
        assert.equal(body.bookingId, booking.bookingId);
        assert.deepEqual(body.allocations, allocations);
        await assertBookingRow(body.rowId, booking);
        const expected = allocate(booking.dollarValue, booking.startDate, booking.endDate);
        assert.deepEqual(await aggregatesOf(booking.model, booking.trim), expected.map((a) => ({ ...a, version: 1 })));
      });
    }
  }
});

describe('§6 bookings: invalid fixtures', () => {
  for (const { name, booking: fixture, reason, error } of invalid) {
    for (const [encoding, type, serialise] of ENCODINGS) {
      clause(`Decoded but invalid → 422 naming the rule in §6.2's words; on any error nothing is written: ${name} (${encoding})`, async () => {
        const booking = uniqueBooking(fixture);
        const res = await post('/bookings', serialise(booking), type);
        assert.equal(res.status, 422, `${reason}: ${res.text.slice(0, 200)}`);
        assert.equal(JSON.parse(res.text).error, error, `${name}: the error names the broken rule as spec/API.md §6.2 does`);
        await assertNothingWritten(booking);
      });
    }
  }
});
