'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { headLimitProblem } = require('../src/head-limits');
const { requestProblem } = require('../src/request-target');

// A request as Node's parser leaves it: one Host, then `fields` as name/value pairs.
const request = (url, fields = []) => ({
  url,
  httpVersion: '1.1',
  httpVersionMajor: 1,
  rawHeaders: ['Host', 'h:1', ...fields.flat()],
  headers: { host: 'h:1' },
});
const target = (bytes) => `/hello?q=${'x'.repeat(bytes - 9)}`;
// A section of `bytes` counted as `name: value` CRLF per line, Host's line (11 bytes) included.
const section = (bytes, lines = 1) =>
  Array.from({ length: lines }, (_, i) => {
    const share = Math.floor((bytes - 11) / lines) + (i < (bytes - 11) % lines ? 1 : 0);
    return [`X-${i}`, 'v'.repeat(share - `X-${i}`.length - 4)];
  });

test('a target up to 8,192 bytes passes, one over gets 414', () => {
  assert.equal(headLimitProblem(request(target(8_192))), null);
  assert.equal(headLimitProblem(request(target(8_193)))[0], 414);
});

test('a section up to 16,384 bytes passes, in one field or many; one over gets 431', () => {
  assert.equal(headLimitProblem(request('/hello', section(16_384))), null);
  assert.equal(headLimitProblem(request('/hello', section(16_384, 99))), null);
  assert.equal(headLimitProblem(request('/hello', section(16_385)))[0], 431);
  assert.equal(headLimitProblem(request('/hello', section(16_385, 99)))[0], 431);
});

test('100 field lines pass, the 101st gets 431', () => {
  const fields = (n) => Array.from({ length: n - 1 }, (_, i) => [`X-${i}`, '1']);
  assert.equal(headLimitProblem(request('/hello', fields(100))), null);
  assert.equal(headLimitProblem(request('/hello', fields(101)))[0], 431);
});

test('the target is refused before the fields are counted, and before any other rule, then the connection closed', () => {
  const both = { ...request(target(9_000), section(20_000)), httpVersionMajor: 2 };
  assert.deepEqual(requestProblem(both), [414, 'Request target too long', { Connection: 'close' }]);
});
