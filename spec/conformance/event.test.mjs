// spec/API.md §5 JSON Event echo: every fixture in spec/fixtures/events, content types and the 1 MiB limit.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { fixturesDir } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';
import { assertSameBytes, closeAgent, post } from './lib/http.mjs';

after(closeAgent);

const eventsDir = join(fixturesDir, 'events');
const invalidDir = join(eventsDir, 'invalid');
const valid = readdirSync(eventsDir).filter((f) => f.endsWith('.request.json')).map((f) => f.slice(0, -'.request.json'.length)).sort();
const invalid = readdirSync(invalidDir).filter((f) => f.endsWith('.body')).sort();
const MiB = 1024 * 1024;

/** A valid compact Event of exactly `size` bytes, padded in eventName, so only its size can make it fail. */
function eventOfSize(size) {
  const shell = '{"eventName":"","teams":[]}';
  return Buffer.from(`{"eventName":"${'x'.repeat(size - shell.length)}","teams":[]}`);
}

const seed = readFileSync(join(eventsDir, 'seed.request.json'));

describe('§5 echo: fixtures', () => {
  assert.ok(valid.length > 0 && invalid.length > 0, `no event fixtures in ${eventsDir}`);

  for (const name of valid) {
    clause(`200 application/json, the compact encoding with keys in exactly this order; the response bytes are identical across all stacks: ${name}`, async () => {
      const res = await post('/event', readFileSync(join(eventsDir, `${name}.request.json`)), 'application/json');
      assert.equal(res.status, 200, res.text.slice(0, 200));
      assert.match(res.headers['content-type'], /^application\/json\b/i);
      assertSameBytes(res.body, readFileSync(join(eventsDir, `${name}.response.json`)), 'the echoed Event');
    });
  }

  for (const file of invalid) {
    clause(`Not JSON → 400. Valid JSON that is not an Event → 400: ${file}`, async () => {
      const res = await post('/event', readFileSync(join(invalidDir, file)), 'application/json');
      assert.equal(res.status, 400);
    });
  }
});

describe('§5 echo: content type', () => {
  clause('Request Content-Type must be application/json (parameters allowed and ignored, an unknown charset too; any case)', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8',
      'application/json; charset=x-unknown', 'application/json; charset=iso-8859-1', 'application/json; v=1']) {
      const res = await post('/event', seed, type);
      assert.equal(res.status, 200, `Content-Type: ${type}`);
    }
  });

  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', undefined]) {
    clause(`Request Content-Type other than application/json → 415: ${type ?? 'missing'}`, async () => {
      const res = await post('/event', seed, type);
      assert.equal(res.status, 415);
    });
  }

  clause('A missing or empty Content-Type fails → 415: empty', async () => {
    const res = await post('/event', seed, undefined, { headers: { 'content-type': '' } });
    assert.equal(res.status, 415);
  });
});

describe('§5 echo: body size', () => {
  clause('Body over 1 MiB → 413 (announced by Content-Length)', async () => {
    const res = await post('/event', eventOfSize(MiB + 1), 'application/json');
    assert.equal(res.status, 413);
  });

  clause('Body over 1 MiB → 413 (streamed chunked, no Content-Length)', async () => {
    const res = await post('/event', eventOfSize(MiB + 1), 'application/json', { chunked: true });
    assert.equal(res.status, 413);
  });

  clause('A valid body of exactly 1 MiB is echoed → 200', async () => {
    const body = eventOfSize(MiB);
    for (const chunked of [false, true]) {
      const res = await post('/event', body, 'application/json', { chunked });
      assert.equal(res.status, 200, `chunked=${chunked}`);
      assertSameBytes(res.body, body, 'the 1 MiB Event');
    }
  });
});
