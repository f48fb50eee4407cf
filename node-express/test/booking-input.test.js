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

// The status the handler would give the body before the transaction: 400 decoding, 422 validation, else 201.
function verdict(body) {
  try {
    validateBooking(decodeBooking(JSON_TYPE, json(body)));
    return { status: 201 };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return err.status === 422 ? { status: 422, error: err.message } : { status: err.status };
  }
}

test('every bookings/json-spellings.json body gets its status (and its 422 message)', async (t) => {
  for (const { name, body, status, error } of readJson('bookings', 'json-spellings.json')) {
    await t.test(name, () => assert.deepEqual(verdict(body), error ? { status, error } : { status }));
  }
});

test('a field given under both names takes the value written last, even after a repeated name', () => {
  const body = (pairs) => `{${pairs},"originTs":5,"dollarValue":"1.00","startDate":"2023-01-01",
    "endDate":"2023-01-01","model":"M","trim":"T"}`;
  const bookingId = (pairs) => validateBooking(decodeBooking(JSON_TYPE, json(body(pairs)))).booking.bookingId;
  assert.equal(bookingId('"bookingId":"A","booking_id":"B","bookingId":"C"'), 'C');
  assert.equal(bookingId('"booking_id":"A","bookingId":"B","booking_id":"C"'), 'C');
  assert.equal(
    bookingId('"booking_id":"A","x":{"bookingId":"N"},"y":"\\"bookingId\\":","bookingId":"B"'),
    'B',
  );
  assert.equal(bookingId('"bookingId":"A","x":["booking_id"],"booking_id":"B","z":{"bookingId":1}'), 'B');
  assert.equal(bookingId('"booking\\u005fid":"A","bookingId":"B","booking_id" : "C"'), 'C');
});

test('originTs is read exactly, and only digits with an optional minus are an integer', () => {
  const ts = (value) => decodeBooking(JSON_TYPE, json(`{"originTs":${value}}`)).originTs.toString();
  assert.equal(ts('9223372036854775807'), '9223372036854775807');
  assert.equal(ts('-9223372036854775808'), '-9223372036854775808');
  assert.equal(ts('"0017"'), '17');
  for (const value of [
    '1e3',
    '1E3',
    '1.0',
    '-1.5e2',
    '"1e3"',
    '"1.0"',
    '"+5"',
    '" 1"',
    '"1 "',
    '"0x10"',
    '""',
  ]) {
    assert.throws(() => decodeBooking(JSON_TYPE, json(`{"originTs":${value}}`)), status(400), value);
  }
  // An unknown field is ignored whatever it holds, even under the name originTs one level down.
  assert.equal(
    decodeBooking(JSON_TYPE, json('{"x":{"originTs":1.5},"origin_ts":"7"}')).originTs.toString(),
    '7',
  );
});

test('a leading byte order mark is a 400', () => {
  const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json(seed)]);
  assert.throws(() => decodeBooking(JSON_TYPE, body), status(400));
});
