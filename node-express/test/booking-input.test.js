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

const json = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const protobuf = (booking) => {
  const message = decodeBooking(JSON_TYPE, json(booking));
  return Buffer.from(BookingMessage.encode(message).finish());
};
const status = (status) => (err) => err instanceof HttpError && err.status === status;
const valid = readJson('bookings', 'valid.json');
const seed = valid[0].booking;

test('every valid.json booking decodes the same from JSON and from protobuf and validates', async (t) => {
  for (const { name, booking } of valid) {
    await t.test(name, () => {
      const fromJson = validateBooking(decodeBooking(JSON_TYPE, json(booking)));
      const fromProtobuf = validateBooking(decodeBooking(PROTOBUF, protobuf(booking)));
      assert.deepEqual(fromProtobuf, fromJson);
      assert.equal(fromJson.booking.bookingId, booking.bookingId);
      assert.equal(fromJson.booking.originTs.getTime(), Number(booking.originTs));
    });
  }
});

test('an empty protobuf body is an empty message: 422, not 400', () => {
  assert.throws(() => validateBooking(decodeBooking(PROTOBUF, Buffer.alloc(0))), status(422));
  assert.throws(() => validateBooking(decodeBooking(PROTOBUF, undefined)), status(422));
});

test('undecodable protobuf bodies are 400', async (t) => {
  const good = protobuf(seed);
  const cases = {
    'a tag varint that never ends': Buffer.from('ffffff', 'hex'),
    'a truncated varint': Buffer.concat([good, Buffer.from('28ff', 'hex')]),
    'a field shorter than its length': Buffer.concat([good, Buffer.from('0a056162', 'hex')]),
    'wire type 7': Buffer.concat([good, Buffer.from('0f00', 'hex')]),
    'a string that is not UTF-8': Buffer.concat([good, Buffer.from('4a02ff61', 'hex')]),
  };
  for (const [name, body] of Object.entries(cases)) {
    await t.test(name, () => assert.throws(() => decodeBooking(PROTOBUF, body), status(400)));
  }
});

test('unknown protobuf fields are skipped, and so is a known field with another wire type', async (t) => {
  const cases = {
    'unknown fields 15 and 16': '7a03616263800105',
    'booking_id as a varint': '0801',
    'origin_ts length-delimited': '2a0161',
  };
  for (const [name, hex] of Object.entries(cases)) {
    await t.test(name, () => {
      const { booking } = validateBooking(
        decodeBooking(PROTOBUF, Buffer.concat([protobuf(seed), Buffer.from(hex, 'hex')])),
      );
      assert.equal(booking.bookingId, seed.bookingId);
      assert.equal(booking.originTs.getTime(), Number(seed.originTs));
    });
  }
});

test('JSON bodies follow the proto3 JSON mapping: wrong JSON types are 400, spellings accepted', async (t) => {
  const bad = {
    'not JSON': 'bookingId=1',
    'an array': [seed],
    null: 'null',
    'model as a number': { ...seed, model: 42 },
    'dollarValue as an object': { ...seed, dollarValue: { value: '1.00' } },
    'originTs not an integer': { ...seed, originTs: 1.5 },
    'originTs beyond int64': { ...seed, originTs: '99999999999999999999' },
    'a lone surrogate': '{"bookingId":"\\ud800"}',
  };
  for (const [name, body] of Object.entries(bad)) {
    await t.test(name, () => assert.throws(() => decodeBooking(JSON_TYPE, json(body)), status(400)));
  }
  const snake = {
    booking_id: 'S',
    dollar_value: '1.00',
    start_date: '2023-01-01',
    end_date: '2023-01-01',
    origin_ts: 5,
    model: 'M',
    trim: 'T',
    color: 'red',
  };
  assert.equal(validateBooking(decodeBooking(JSON_TYPE, json(snake))).booking.bookingId, 'S');
});
