'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { repairRange } = require('../src/byte-range');

// The Range header send gets for a file of 100 bytes (undefined: no Range, the whole file).
function repaired(range) {
  const req = { headers: range === undefined ? {} : { range } };
  repairRange(req, 100);
  return req.headers.range;
}

test('ranges send answers as RFC 9110 does pass unchanged', () => {
  for (const range of ['bytes=0-9', 'bytes=90-', 'bytes=-10', 'bytes=-100', 'bytes=100-', 'bytes=0-0,5-9']) {
    assert.equal(repaired(range), range);
  }
  assert.equal(repaired(undefined), undefined);
});

test('a suffix longer than the file is the whole file', () => {
  assert.equal(repaired('bytes=-101'), 'bytes=0-');
});

test('a range ending before it starts is ignored', () => {
  assert.equal(repaired('bytes=9-0'), undefined);
});
