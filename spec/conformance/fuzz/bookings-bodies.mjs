// Booking bodies (spec/API.md §6.1-6.2) in both encodings, from one generated Booking: the JSON text through
// json-text.mjs (both field names, duplicates, every originTs spelling) and the protobuf bytes through a writer of
// its own (any wire type, invalid UTF-8, truncation), since a protobuf library only writes valid messages.
// Products come from a few models and trims, so that the aggregates accumulate, lock and overflow.
import fc from 'fast-check';
import { damage, damaged, entriesOf, num, obj, render, str, style, text } from './json-text.mjs';

export const MODELS = ['Corolla', 'corolla', 'Corolla ', 'Émile', '😀 car', 'M'];
export const TRIMS = ['LE', 'LE ', 'le', 'XSE'];
const LIMIT = '99999999999999999.99';

const FIELDS = [
  ['booking_id', 'bookingId', 1], ['dollar_value', 'dollarValue', 2], ['start_date', 'startDate', 3], ['end_date', 'endDate', 4],
  ['origin_ts', 'originTs', 5], ['parent_id', 'parentId', 6], ['model', 'model', 7], ['trim', 'trim', 8], ['stage', 'stage', 9],
  ['type', 'type', 10],
];

const digits = (min, max) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
const dollarValue = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(digits(1, 5), fc.option(digits(1, 2))).map(([i, f]) => (f === null ? i : `${i}.${f}`)) },
  { weight: 3, arbitrary: fc.constantFrom(LIMIT, '99999999999999999.98', '50000000000000000.00', '49999999999999999.99', '0.01', '1',
    '10000000000000000', '99999999999999999') },
  { weight: 1, arbitrary: fc.tuple(digits(15, 18), fc.option(digits(1, 3))).map(([i, f]) => (f === null ? i : `${i}.${f}`)) },
  { weight: 1, arbitrary: fc.constantFrom('', '0', '0.00', '-5.00', '+5.00', '1.999', '1e5', '5.', '.50', '1,000.00', ' 5.00',
    '5.00 ', '٥', '0x10', 'NaN', '100000000000000000.00') },
);

const pad = (n, w) => String(n).padStart(w, '0');
const date = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: Date.UTC(1999, 11, 20), max: Date.UTC(2050, 0, 10) })
    .map((ms) => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1999, max: 2050 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${y}-${pad(m, 2)}-${pad(d, 2)}`) },
  { weight: 1, arbitrary: fc.constantFrom('', '2023-02-29', '2024-02-29', '2024-1-5', '2024-01-05T00:00:00', '20240105', '2024/01/05',
    '０２０２-01-01', '2000-01-01', '2049-12-31', '1999-12-31', '2050-01-01', ' 2024-01-05') },
);

// originTs as the contract reads it: digits (number or string), at int64's edges, and the spellings it refuses.
const originTs = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.integer({ min: 1, max: 253402300799999 }), fc.boolean()).map(([n, asString]) => ({ n: BigInt(n), json: asString ? str(String(n)) : num(n) })) },
  { weight: 2, arbitrary: fc.constantFrom('0', '-1', '-0', '253402300799999', '253402300800000', '9223372036854775807', '-9223372036854775808')
    .chain((v) => fc.boolean().map((asString) => ({ n: BigInt(v), json: asString ? str(v) : num(v) }))) },
  { weight: 1, arbitrary: fc.constantFrom('9223372036854775808', '-9223372036854775809', '1e3', '1.0', '1E3', '1.7e12', '-', '')
    .chain((v) => fc.boolean().map((asString) => ({ n: null, json: asString || !/^-?\d/.test(v) ? str(v) : num(v) }))) },
  { weight: 1, arbitrary: fc.constantFrom('+5', ' 1', '1 ', '0x10', '017', '1_000').map((v) => ({ n: /^0?\d+$/.test(v) ? BigInt(v) : null, json: str(v) })) },
);

const name = fc.oneof(
  { weight: 8, arbitrary: text(8).filter((s) => s.length > 0 && s.isWellFormed()) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(254, 255, 256), fc.constantFrom('a', 'é', '😀')).map(([n, c]) => c.repeat(n)) },
);
const product = (pool) => fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: name });

/** One Booking as values (strings, and originTs as { n: BigInt | null, json }), optional fields absent or given. */
const booking = fc.record({
  booking_id: name, dollar_value: dollarValue, start_date: date, end_date: date, origin_ts: originTs,
  parent_id: fc.option(name, { freq: 3 }), model: product(MODELS), trim: product(TRIMS),
  stage: fc.option(name, { freq: 3 }), type: fc.option(name, { freq: 3 }),
}).map((b) => (b.end_date < b.start_date && b.start_date.length === 10 && b.end_date.length === 10 && b.start_date.charCodeAt(0) % 4
  ? { ...b, start_date: b.end_date, end_date: b.start_date } : b)); // mostly in order

// ---------------------------------------------------------------- JSON
const nameStyle = fc.constantFrom('camel', 'camel', 'camel', 'snake', 'mixed');

function jsonFields(b, names) {
  const fields = {};
  for (const [snake, camel, number] of FIELDS) {
    const value = b[snake];
    if (value === null) continue;
    const key = names === 'snake' || (names === 'mixed' && number % 2) ? snake : camel;
    fields[key] = fc.constant(snake === 'origin_ts' ? value.json : str(value));
  }
  return fields;
}

// Sometimes a field twice under both names (the last one wins), sometimes a JSON null for an optional field.
const jsonBody = fc.tuple(booking, nameStyle, style, damage, fc.option(fc.constantFrom(...FIELDS.map((f) => f[0])), { freq: 6 }))
  .chain(([b, names, s, d, alias]) => entriesOf(jsonFields(b, names)).map((entries) => {
    const out = [...entries];
    if (alias) {
      const [snake, camel] = FIELDS.find((f) => f[0] === alias);
      out.push([out.some(([k]) => k === camel) ? snake : camel, alias === 'origin_ts' ? num(7) : str('')]);
    }
    return damaged(render(obj(out), s), d);
  }));

// ---------------------------------------------------------------- protobuf
function varint(value) {
  let v = BigInt.asUintN(64, BigInt(value));
  const out = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return Buffer.from(out);
}
const tag = (number, wire) => varint((number << 3) | wire);
const lengthDelimited = (number, bytes) => Buffer.concat([tag(number, 2), varint(bytes.length), bytes]);

function protobufFields(b) {
  const parts = [];
  for (const [snake, , number] of FIELDS) {
    const value = b[snake];
    if (value === null) continue;
    if (snake === 'origin_ts') {
      if (value.n !== null && value.n >= -(2n ** 63n) && value.n < 2n ** 63n && value.n !== 0n) parts.push(Buffer.concat([tag(5, 0), varint(value.n)]));
    } else if (value !== '' || number >= 6) {
      parts.push(lengthDelimited(number, Buffer.from(value, 'utf8')));
    }
  }
  return parts;
}

// Unknown fields of every wire type, a known field with a foreign wire type, invalid UTF-8, wire types 6 and 7.
const protobufDamage = fc.oneof(
  { weight: 20, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.constantFrom('7a 03 61 62 63', '80 01 05', '85 01 01 02 03 04', '81 01 01 02 03 04 05 06 07 08', '08 05', '28 0a 04 61 62 63 64')
    .map((hex) => ({ append: Buffer.from(hex.replace(/ /g, ''), 'hex') })) },
  { weight: 1, arbitrary: fc.constantFrom('0a 02 ff 61', '3a 01 c3', '0f 00', '7e 00', 'ff ff ff', '28 ff', '0a 05 61 62')
    .map((hex) => ({ append: Buffer.from(hex.replace(/ /g, ''), 'hex') })) },
  { weight: 1, arbitrary: fc.nat().map((cut) => ({ cut })) },
  { weight: 1, arbitrary: fc.constant({ empty: true }) },
);

const protobufBody = fc.tuple(booking, protobufDamage, fc.nat()).map(([b, d, order]) => {
  const parts = protobufFields(b);
  if (order % 4 === 0) parts.reverse(); // field order is free in protobuf
  let bytes = Buffer.concat(parts);
  if (d?.append) bytes = Buffer.concat([bytes, d.append]);
  if (d?.cut !== undefined) bytes = bytes.subarray(0, d.cut % Math.max(1, bytes.length));
  if (d?.empty) bytes = Buffer.alloc(0);
  return bytes;
});

export const bookingBody = fc.record({ json: jsonBody, protobuf: protobufBody });

export const bookingsContentType = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom({ encoding: 'protobuf', header: 'application/x-protobuf' }, { encoding: 'json', header: 'application/json' }) },
  { weight: 2, arbitrary: fc.constantFrom({ encoding: 'protobuf', header: 'Application/X-Protobuf; messageType=bench.bookings.Booking' },
    { encoding: 'json', header: 'application/json; charset=utf-8' }, { encoding: 'json', header: 'APPLICATION/JSON' },
    { encoding: 'json', header: 'application/json; charset=x-unknown' }) },
  { weight: 1, arbitrary: fc.constantFrom({ encoding: 'json', header: undefined }, { encoding: 'json', header: '' },
    { encoding: 'protobuf', header: 'application/protobuf' }, { encoding: 'json', header: 'text/plain' },
    { encoding: 'protobuf', header: 'application/octet-stream' }, { encoding: 'json', header: 'application/x-protobuf' },
    { encoding: 'protobuf', header: 'application/json' }) },
);
