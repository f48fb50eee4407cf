// spec/API.md §2 hello: the baseline for framework overhead.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { clause } from './lib/deviations.mjs';
import { closeAgent, get } from './lib/http.mjs';

after(closeAgent);

describe('§2 hello', () => {
  clause('GET /hello → 200, text/plain; charset=utf-8 (charset may be omitted), body Hello, World! (13 bytes)', async () => {
    const res = await get('/hello');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'], /^text\/plain(\s*;\s*charset=utf-8)?$/i);
    assert.equal(res.body.length, 13);
    assert.equal(res.text, 'Hello, World!');
  });
});
