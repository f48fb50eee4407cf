'use strict';

const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const assert = require('node:assert/strict');
const { BookingMessage, decodeBooking, PROTOBUF, JSON_TYPE } = require('../src/booking-input');
const { validateBooking } = require('../src/booking-rules');
const { HttpError } = require('../src/errors');

const FIXTURES = path.join(__dirname, '..', '..', 'spec', 'fixtures');
const readJson = (...parts) => JSON.parse(fs.readFileSync(path.join(FIXTURES, ...parts), 'utf8'));

const json = (value) => Buffer.from(JSON.stringify(value));
const protobuf = (booking) => {
  const message = decodeBooking(JSON_TYPE, json(booking));
  return Buffer.from(BookingMessage.encode(message).finish());
};
const status = (status) => (err) => err instanceof HttpError && err.status === status;
const seed = readJson('bookings', 'valid.json')[0].booking;

test('every invalid.json booking is rejected with 422 and its §6.2 text, from JSON and from protobuf', async (t) => {
  for (const { name, booking, reason, error } of readJson('bookings', 'invalid.json')) {
    await t.test(`${name} (${reason})`, () => {
      const rejected = (err) => status(422)(err) && err.message === error;
      assert.throws(() => validateBooking(decodeBooking(JSON_TYPE, json(booking))), rejected);
      assert.throws(() => validateBooking(decodeBooking(PROTOBUF, protobuf(booking))), rejected);
    });
  }
});

test('optional fields: absent or null is NULL, present is kept even when empty', () => {
  const absent = validateBooking(decodeBooking(JSON_TYPE, json({ ...seed, parentId: null }))).booking;
  assert.equal(absent.parentId, null);
  assert.equal(absent.stage, null);
  const empty = validateBooking(
    decodeBooking(PROTOBUF, protobuf({ ...seed, parentId: '', stage: '' })),
  ).booking;
  assert.equal(empty.parentId, '');
  assert.equal(empty.stage, '');
  assert.equal(empty.type, null);
});

test('string limits count code points, as VARCHAR(255) in utf8mb4 does', () => {
  const emoji = '🙂'.repeat(255); // 510 UTF-16 code units
  assert.equal(
    validateBooking(decodeBooking(JSON_TYPE, json({ ...seed, model: emoji }))).booking.model,
    emoji,
  );
  assert.throws(
    () => validateBooking(decodeBooking(JSON_TYPE, json({ ...seed, model: `${emoji}x` }))),
    status(422),
  );
});
