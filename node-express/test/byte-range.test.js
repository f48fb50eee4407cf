'use strict';

const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const assert = require('node:assert/strict');
const { repairRange } = require('../src/byte-range');

const RANGES = path.join(__dirname, '..', '..', 'spec', 'fixtures', 'static', 'ranges.json');

// The Range header send gets for a file of `size` bytes (undefined: no Range, the whole file).
function repaired(range, size = 100) {
  const req = { headers: range === undefined ? {} : { range } };
  repairRange(req, size);
  return req.headers.range;
}

// What send answers to the repaired header: 200, 206 with its Content-Range, or 416 with `bytes */size`.
function answer(range, size) {
  const header = repaired(range, size);
  if (header === undefined) return { status: 200 };
  const [start, end] = header.slice('bytes='.length).split('-');
  if (end === '') {
    assert.equal(Number(start), size, `${range} → ${header}`);
    return { status: 416, contentRange: `bytes */${size}` };
  }
  return { status: 206, contentRange: `bytes ${start}-${end}/${size}` };
}

test('every spec/fixtures/static/ranges.json header gets its answer on a 32-byte file', async (t) => {
  for (const { range, status, contentRange } of JSON.parse(fs.readFileSync(RANGES, 'utf8'))) {
    await t.test(range, () =>
      assert.deepEqual(answer(range, 32), contentRange ? { status, contentRange } : { status }),
    );
  }
});

test('one range becomes the exact slice it selects', () => {
  assert.equal(repaired('bytes=0-9'), 'bytes=0-9');
  assert.equal(repaired('bytes=90-'), 'bytes=90-99');
  assert.equal(repaired('bytes=-10'), 'bytes=90-99');
  assert.equal(repaired('bytes=-100'), 'bytes=0-99');
  assert.equal(repaired('bytes=0-9007199254740993'), 'bytes=0-99');
  assert.equal(repaired(undefined), undefined);
});

test('a suffix longer than the file is the whole file', () => {
  assert.equal(repaired('bytes=-101'), 'bytes=0-99');
});

test('a range ending before it starts, and several ranges, are ignored', () => {
  assert.equal(repaired('bytes=9-0'), undefined);
  assert.equal(repaired('bytes=0-0,5-9'), undefined);
});

test('nothing is satisfiable in an empty file', () => {
  assert.equal(repaired('bytes=-5', 0), 'bytes=0-');
  assert.equal(repaired('bytes=0-', 0), 'bytes=0-');
});
