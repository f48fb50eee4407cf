'use strict';

const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const assert = require('node:assert/strict');
const { readEvent } = require('../src/event-json');
const { HttpError } = require('../src/errors');

const EVENTS = path.join(__dirname, '..', '..', 'spec', 'fixtures', 'events');
const files = (dir, suffix) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort();

test('every spec/fixtures/events request is echoed as exactly its response bytes', async (t) => {
  const requests = files(EVENTS, '.request.json');
  assert.ok(requests.length > 0, 'no event fixtures found');
  for (const request of requests) {
    const name = request.slice(0, -'.request.json'.length);
    await t.test(name, () => {
      const body = fs.readFileSync(path.join(EVENTS, request));
      const expected = fs.readFileSync(path.join(EVENTS, `${name}.response.json`), 'utf8');
      assert.equal(JSON.stringify(readEvent(body)), expected);
    });
  }
});

test('every spec/fixtures/events/invalid body is a 400', async (t) => {
  const invalid = path.join(EVENTS, 'invalid');
  const bodies = files(invalid, '.body');
  assert.ok(bodies.length > 0, 'no invalid event fixtures found');
  for (const name of bodies) {
    await t.test(name, () => {
      const body = fs.readFileSync(path.join(invalid, name));
      assert.throws(
        () => readEvent(body),
        (err) => err instanceof HttpError && err.status === 400,
      );
    });
  }
});

test('an absent body is a 400', () => {
  assert.throws(
    () => readEvent(undefined),
    (err) => err instanceof HttpError && err.status === 400,
  );
});
