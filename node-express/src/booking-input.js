'use strict';

const path = require('node:path');
const protobuf = require('protobufjs');
const protojson = require('protobufjs/ext/protojson.js');
const { HttpError } = require('./errors');
const { utf8Text, parseJsonText } = require('./body');
const { lastKeyGiven } = require('./json-keys');
const { REPO_ROOT } = require('./config');

// The contract's own .proto, loaded once at start-up (never copied into the stack).
const BookingMessage = protobuf
  .loadSync(path.join(REPO_ROOT, 'spec', 'booking.proto'))
  .lookupType('bench.bookings.Booking');

const PROTOBUF = 'application/x-protobuf';
const JSON_TYPE = 'application/json';

// Fields with two JSON names (bookingId and booking_id, …): protojson refuses an object that has both.
const TWO_NAMES = BookingMessage.fieldsArray.filter((field) => field.protoName !== field.jsonName);
const ORIGIN_TS = new Set(['originTs', 'origin_ts']);
const DIGITS = /^-?\d+$/;

// Body bytes → Booking message; anything undecodable → 400.
// protobufjs rejects truncated input, invalid wire types and invalid UTF-8 in strings, and skips unknown
// fields (and, as every protobuf runtime does, a known field sent with another wire type); protojson implements
// the proto3 JSON mapping (lowerCamelCase or proto names, int64 as number or string, null = default).
function decodeBooking(mediaType, body = Buffer.alloc(0)) {
  if (mediaType === PROTOBUF) {
    try {
      return BookingMessage.decode(body);
    } catch {
      throw new HttpError(400, 'Body is not a valid Booking protobuf message');
    }
  }
  const text = utf8Text(body);
  const json = parseJsonText(text, originTsAsWritten);
  if (typeof json === 'object' && json !== null) {
    for (const field of TWO_NAMES) keepLastGiven(json, text, field);
    const originTs = json.originTs ?? json.origin_ts;
    if (typeof originTs === 'string' && !DIGITS.test(originTs)) throw notABooking();
  }
  try {
    return protojson.fromJson(BookingMessage, json, { ignoreUnknownFields: true });
  } catch {
    throw notABooking();
  }
}

// originTs as a JSON number becomes the number's source text, read exactly as int64 by protojson (a double
// would round 9223372036854775807), and refused with a fraction or an exponent like a string would be.
function originTsAsWritten(key, value, context) {
  return typeof value === 'number' && ORIGIN_TS.has(key) ? context.source : value;
}

// A field given under both of its names takes the value given last (spec/API.md §6.1).
function keepLastGiven(json, text, { protoName, jsonName }) {
  if (!Object.hasOwn(json, protoName) || !Object.hasOwn(json, jsonName)) return;
  delete json[lastKeyGiven(text, protoName, jsonName) === protoName ? jsonName : protoName];
}

function notABooking() {
  return new HttpError(400, 'Body is not a Booking in the proto3 JSON mapping');
}

module.exports = { BookingMessage, decodeBooking, PROTOBUF, JSON_TYPE };
