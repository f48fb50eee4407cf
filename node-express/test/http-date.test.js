'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { parseHttpDate, repairIfModifiedSince } = require('../src/http-date');

const NOW = Date.parse('2026-11-27T00:00:00Z');
const at = (iso) => Date.parse(iso);

test('the three forms of RFC 9110 §5.6.7 are read exactly, asctime as UTC', () => {
  assert.equal(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', NOW), at('1994-11-06T08:49:37Z'));
  assert.equal(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW), at('1994-11-06T08:49:37Z'));
  assert.equal(parseHttpDate('Sun Nov  6 08:49:37 1994', NOW), at('1994-11-06T08:49:37Z'));
  assert.equal(parseHttpDate('Tue Jul 15 00:00:00 2025', NOW), at('2025-07-15T00:00:00Z'));
  assert.equal(parseHttpDate('Mon, 01 Jan 0094 00:00:00 GMT', NOW), at('0094-01-01T00:00:00Z'));
});

test('a day name is one of the seven but is not checked against the date', () => {
  assert.equal(parseHttpDate('Mon, 06 Nov 1994 08:49:37 GMT', NOW), at('1994-11-06T08:49:37Z'));
  assert.equal(parseHttpDate('Friday, 06-Nov-94 08:49:37 GMT', NOW), at('1994-11-06T08:49:37Z'));
  assert.equal(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT'.replace('Sun', 'Sunday'), NOW), null);
  assert.equal(parseHttpDate('Xyz, 06 Nov 1994 08:49:37 GMT', NOW), null);
});

test("RFC 850's two-digit year: more than 50 years ahead is the century before", () => {
  assert.equal(parseHttpDate('Tuesday, 01-Jul-25 00:00:00 GMT', NOW), at('2025-07-01T00:00:00Z'));
  assert.equal(parseHttpDate('Thursday, 01-Jul-76 00:00:00 GMT', NOW), at('2076-07-01T00:00:00Z'));
  assert.equal(parseHttpDate('Thursday, 01-Jul-77 00:00:00 GMT', NOW), at('1977-07-01T00:00:00Z'));
});

test('anything else is no date: ISO 8601, wrong case, spacing, zones, digits, impossible fields', () => {
  for (const text of [
    '2024-01-01T02:58:15Z',
    '2024-01-01',
    'yesterday-ish',
    '',
    'Sun, 06 Nov 1994 08:49:37 gmt',
    'sun, 06 Nov 1994 08:49:37 GMT',
    'Sun, 06 nov 1994 08:49:37 GMT',
    'Sun,  06 Nov 1994 08:49:37 GMT',
    'Sun, 6 Nov 1994 08:49:37 GMT',
    'Sun, 06 Nov 94 08:49:37 GMT',
    'Sun, 06 Nov 1994 08:49:37 UTC',
    'Sun, 06 Nov 1994 08:49:37 +0000',
    'Sun, 06 Nov 1994 08:49 GMT',
    'Sun, 06-Nov-1994 08:49:37 GMT',
    'Sunday, 06 Nov 1994 08:49:37 GMT',
    'Sun Nov 6 08:49:37 1994',
    'Sun Nov 06 08:49:37 1994 GMT',
    'Sun, 31 Feb 1994 08:49:37 GMT',
    'Sun, 06 Nov 1994 24:00:00 GMT',
    'Sun, 06 Nov 1994 08:60:00 GMT',
    'Sun, 06 Nov 1994 08:49:60 GMT',
    'Sun, 06 Nov 1994 08:49:37 GMT x',
  ])
    assert.equal(parseHttpDate(text, NOW), null, text);
});

test('send gets a date it reads exactly, or no If-Modified-Since at all', () => {
  const repaired = (since) => {
    const req = { headers: since === undefined ? {} : { 'if-modified-since': since } };
    repairIfModifiedSince(req);
    return req.headers['if-modified-since'];
  };
  assert.equal(repaired(undefined), undefined);
  assert.equal(repaired('2024-01-01T02:58:15Z'), undefined);
  assert.equal(repaired('Tue, 01 Jul 2025 00:00:00 gmt'), undefined);
  assert.equal(Date.parse(repaired('Tue Jul  1 00:00:00 2025')), at('2025-07-01T00:00:00Z'));
  assert.equal(Date.parse(repaired('Mon, 01 Jan 2024 00:00:00 GMT')), at('2024-01-01T00:00:00Z'));
});
