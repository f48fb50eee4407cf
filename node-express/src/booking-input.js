'use strict';

const path = require('node:path');
const protobuf = require('protobufjs');
const protojson = require('protobufjs/ext/protojson.js');
const { HttpError } = require('./errors');
const { parseJson } = require('./body');
const { REPO_ROOT } = require('./config');

// The contract's own .proto, loaded once at start-up (never copied into the stack).
const BookingMessage = protobuf
  .loadSync(path.join(REPO_ROOT, 'spec', 'booking.proto'))
  .lookupType('bench.bookings.Booking');

const PROTOBUF = 'application/x-protobuf';
const JSON_TYPE = 'application/json';

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
  const json = parseJson(body);
  try {
    return protojson.fromJson(BookingMessage, json, { ignoreUnknownFields: true });
  } catch {
    throw new HttpError(400, 'Body is not a Booking in the proto3 JSON mapping');
  }
}

module.exports = { BookingMessage, decodeBooking, PROTOBUF, JSON_TYPE };
