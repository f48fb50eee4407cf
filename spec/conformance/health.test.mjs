// spec/API.md §3 health: what the harness waits on before every run.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { clause } from './lib/deviations.mjs';
import { closeAgent, get } from './lib/http.mjs';

after(closeAgent);

describe('§3 health', () => {
  clause('GET /health → 200 {"status":"UP"} when a SELECT 1 through the stack\'s own pool succeeds', async () => {
    const res = await get('/health');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'], /^application\/json\b/i);
    assert.deepEqual(res.json(), { status: 'UP' });
  });
});
