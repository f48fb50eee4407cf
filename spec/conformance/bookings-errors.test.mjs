// spec/API.md §6 bookings: bodies that never reach validation (400, 413, 415), the accepted JSON spellings,
// and "on any error nothing is written", checked by this run's unique model.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { aggregatesOf, assertBookingRow, assertNothingWritten, encode, JSON_TYPE, PROTOBUF } from './lib/bookings.mjs';
import { fixturesDir, unique } from './lib/config.mjs';
import { closeDb, query } from './lib/db.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAgent, post } from './lib/http.mjs';

after(closeAgent);
after(closeDb);

const fresh = () => ({
  bookingId: unique('err'), dollarValue: '100.00', startDate: '2023-03-01', endDate: '2023-08-31',
  originTs: '1700000000000', model: unique('conf-err'), trim: 'LE',
});
const bytes = (hex) => Buffer.from(hex.replace(/\s/g, ''), 'hex');
const MiB = 1024 * 1024;

/** `message` followed by an unknown field 15 that makes it exactly `size` bytes: decodable, only its size matters. */
function paddedTo(message, size) {
  const length = size - message.length - 4; // tag byte + a 3-byte varint length
  const varint = Buffer.from([0x80 | (length & 0x7f), 0x80 | ((length >> 7) & 0x7f), length >> 14]);
  return Buffer.concat([message, Buffer.from([0x7a]), varint, Buffer.alloc(length, 0x61)]);
}

describe('§6 bookings: undecodable and malformed bodies', () => {
  const garbage = [
    ['0xff 0xff 0xff: a tag varint that never ends', () => bytes('ff ff ff')],
    ['a valid message followed by a truncated varint', (b) => Buffer.concat([encode(b), bytes('28 ff')])],
    ['a valid message followed by a field shorter than its length', (b) => Buffer.concat([encode(b), bytes('0a 05 61 62')])],
    ['a valid message followed by wire type 7 (field 1)', (b) => Buffer.concat([encode(b), bytes('0f 00')])],
    ['a valid message followed by wire type 6 (unknown field 15)', (b) => Buffer.concat([encode(b), bytes('7e 00')])],
    ['a string field that is not valid UTF-8', (b) => Buffer.concat([encode(b), bytes('4a 02 ff 61')])],
  ];
  for (const [what, make] of garbage) {
    clause(`Undecodable body → 400: protobuf, ${what}`, async () => {
      const booking = fresh();
      const res = await post('/bookings', make(booking), PROTOBUF);
      assert.equal(res.status, 400);
      await assertNothingWritten(booking);
    });
  }

  const notJson = [
    ['not JSON', (b) => `bookingId=${b.bookingId}&model=${b.model}`],
    ['truncated JSON', (b) => JSON.stringify(b).slice(0, -3)],
    ['a JSON array', (b) => JSON.stringify([b])],
    ['a JSON string', () => '"booking"'],
    ['JSON null', () => 'null'],
    ['not valid UTF-8', (b) => Buffer.concat([Buffer.from(`${JSON.stringify(b).slice(0, -1)},"stage":"`), bytes('ff 22 7d')])],
    ['model of the wrong JSON type (number)', (b) => JSON.stringify({ ...b, model: 42 })],
    ['model of the wrong JSON type (array)', (b) => JSON.stringify({ ...b, model: [b.model] })],
    ['dollarValue of the wrong JSON type (object)', (b) => JSON.stringify({ ...b, dollarValue: { value: '1.00' } })],
    ['originTs not an integer', (b) => JSON.stringify({ ...b, originTs: 'soon' })],
    ['originTs of the wrong JSON type (boolean)', (b) => JSON.stringify({ ...b, originTs: true })],
    ['originTs not an integer (1.5)', (b) => JSON.stringify({ ...b, originTs: 1.5 })],
    ['originTs beyond int64', (b) => JSON.stringify({ ...b, originTs: '99999999999999999999' })],
  ];
  for (const [what, make] of notJson) {
    clause(`Undecodable body → 400: application/json, ${what}`, async () => {
      const booking = fresh();
      const res = await post('/bookings', make(booking), JSON_TYPE);
      assert.equal(res.status, 400);
      await assertNothingWritten(booking);
    });
  }

  for (const type of ['text/plain', 'application/xml', 'application/octet-stream', undefined]) {
    clause(`Other content types → 415: ${type ?? 'missing'}`, async () => {
      const booking = fresh();
      const res = await post('/bookings', type === 'text/plain' ? JSON.stringify(booking) : encode(booking), type);
      assert.equal(res.status, 415);
      await assertNothingWritten(booking);
    });
  }

  for (const chunked of [false, true]) {
    clause(`A body over 1 MiB → 413 (${chunked ? 'chunked' : 'Content-Length'})`, async () => {
      const booking = fresh();
      const res = await post('/bookings', paddedTo(encode(booking), MiB + 1), PROTOBUF, { chunked });
      assert.equal(res.status, 413);
      await assertNothingWritten(booking);
    });
  }

  clause('Any other type, or no Content-Type, → 415: empty', async () => {
    const booking = fresh();
    const res = await post('/bookings', JSON.stringify(booking), undefined, { headers: { 'content-type': '' } });
    assert.equal(res.status, 415);
    await assertNothingWritten(booking);
  });

  clause('An empty protobuf body is a valid empty message → 422', async () => {
    const res = await post('/bookings', Buffer.alloc(0), PROTOBUF);
    assert.equal(res.status, 422);
  });
});

describe('§6 bookings: accepted spellings', () => {
  const created = async (body, type) => {
    const res = await post('/bookings', body, type);
    assert.equal(res.status, 201, res.text.slice(0, 300));
    return res.json();
  };

  clause('Content-Type parameters are allowed and ignored, an unknown charset too', async () => {
    await created(encode(fresh()), 'application/x-protobuf; messageType=bench.bookings.Booking');
    await created(JSON.stringify(fresh()), 'application/json; charset=utf-8');
    await created(JSON.stringify(fresh()), 'application/json; charset=x-unknown');
  });

  clause('proto3 JSON mapping: original snake_case names and originTs as a number are accepted', async () => {
    const b = fresh();
    const snake = { booking_id: b.bookingId, dollar_value: b.dollarValue, start_date: b.startDate, end_date: b.endDate,
      origin_ts: Number(b.originTs), model: b.model, trim: b.trim, parent_id: 'P-1' };
    const body = await created(JSON.stringify(snake), JSON_TYPE);
    assert.equal(body.bookingId, b.bookingId);
    assert.deepEqual(body.allocations, [{ fiscalPeriodId: 20231, amount: '66.30' }, { fiscalPeriodId: 20232, amount: '33.70' }]);
  });

  clause('Request bodies are limited to 1 MiB: exactly 1 MiB is accepted', async () => {
    const booking = fresh();
    const body = await created(paddedTo(encode(booking), MiB), PROTOBUF);
    assert.equal(body.bookingId, booking.bookingId);
  });

  clause('null means absent; absent optional fields are stored as NULL, present ones as given, including ""', async () => {
    const nulls = { ...fresh(), parentId: null, stage: null, type: null };
    await assertBookingRow((await created(JSON.stringify(nulls), JSON_TYPE)).rowId, { ...nulls, parentId: undefined, stage: undefined, type: undefined });
    const empty = { ...fresh(), parentId: '', stage: '', type: '' };
    await assertBookingRow((await created(encode(empty), PROTOBUF)).rowId, empty);
    const emptyJson = { ...fresh(), parentId: '', stage: '', type: '' };
    await assertBookingRow((await created(JSON.stringify(emptyJson), JSON_TYPE)).rowId, emptyJson);
  });

  clause('Unknown fields are ignored (protobuf and JSON)', async () => {
    await created(Buffer.concat([encode(fresh()), bytes('7a 03 61 62 63 80 01 05')]), PROTOBUF);
    await created(JSON.stringify({ ...fresh(), color: 'red', extra: { nested: [1] } }), JSON_TYPE);
  });
});

// spec/fixtures/bookings/json-spellings.json: what the contract decides for the JSON spellings it was silent on.
describe('§6 bookings: JSON spellings the contract decides', () => {
  for (const { name, body, status, error } of JSON.parse(readFileSync(join(fixturesDir, 'bookings/json-spellings.json'), 'utf8'))) {
    clause(`A field given more than once takes the last value; originTs is digits read exactly; a leading byte order mark → 400: ${name}`, async () => {
      const model = unique('conf-json');
      const res = await post('/bookings', Buffer.from(body.replace('"Corolla"', JSON.stringify(model))), JSON_TYPE);
      assert.equal(res.status, status, res.text.slice(0, 300));
      if (error !== undefined) assert.equal(res.json().error, error);
      if (status !== 201) await assertNothingWritten({ model });
    });
  }
});

// spec/fixtures/bookings/overflow.json: a total past DECIMAL(19,2) is the client's 409, and nothing is written.
describe('§6.5 bookings: a total past DECIMAL(19,2)', () => {
  for (const { name, steps } of JSON.parse(readFileSync(join(fixturesDir, 'bookings/overflow.json'), 'utf8'))) {
    clause(`A booking that would take an aggregate's total past 99999999999999999.99 → 409 with exactly its message, and nothing of it is written: ${name}`, async () => {
      const model = unique('conf-overflow');
      const rows = async () => ({ bookings: (await query('SELECT row_id FROM bookings WHERE model = ?', [model])).length,
        aggregates: await aggregatesOf(model, 'LE') });
      for (const [i, step] of steps.entries()) {
        const before = await rows();
        const res = await post('/bookings', encode({ ...step.booking, model }), PROTOBUF);
        assert.equal(res.status, step.status, `step ${i + 1}: ${res.text.slice(0, 300)}`);
        if (step.error !== undefined) {
          assert.equal(res.json().error, step.error);
          assert.equal(res.headers['retry-after'], undefined, 'retrying cannot help: no Retry-After');
          assert.deepEqual(await rows(), before, `step ${i + 1}: a refused booking wrote something`);
        }
      }
    });
  }
});
