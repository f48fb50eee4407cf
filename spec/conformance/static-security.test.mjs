// spec/API.md §4 static files: nothing outside STATIC_ROOT is ever served, and streaming survives its clients.
// Paths go out byte for byte (lib/http.mjs uses node:http, which neither resolves `..` nor re-encodes).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, describe } from 'node:test';
import { OUTSIDE_SECRET, staticTree } from '../fixtures/static/generate.mjs';
import { clause } from './lib/deviations.mjs';
import { abortDownload, closeAgent, get } from './lib/http.mjs';

after(closeAgent);

const tree = staticTree();
const secret = tree[OUTSIDE_SECRET];
const sha = (buf) => createHash('sha256').update(buf).digest('hex');

// The generator puts static-outside/secret.txt next to the root: one `..` away is a real file to steal.
const TRAVERSALS = [
  '/static/../static-outside/secret.txt',
  '/static/../../../../../../etc/passwd',
  '/static/sub/../../static-outside/secret.txt',
  '/static/%2e%2e/static-outside/secret.txt',
  '/static/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
  '/static/.%2e/static-outside/secret.txt',
  '/static/%2e./static-outside/secret.txt',
  '/static/%2e%2e%2fstatic-outside%2fsecret.txt',
  '/static/..%2fstatic-outside%2fsecret.txt',
  '/static/sub%2f..%2f..%2fstatic-outside%2fsecret.txt',
  '/static/%252e%252e/static-outside/secret.txt',
  '/static/%252e%252e%252fstatic-outside%252fsecret.txt',
  '/static/..%5cstatic-outside%5csecret.txt',
  '/static/..\\static-outside\\secret.txt',
  '/static/sub\\..\\..\\static-outside\\secret.txt',
  '/static/%5c..%5c..%5c..%5cetc%5cpasswd',
  '/static/..%00/static-outside/secret.txt',
  '/static/hello.txt%00.bin',
  '/static/%00',
  '/static//etc/passwd',
  '/static/%2fetc%2fpasswd',
  '/static/%2Fetc%2Fpasswd',
  '/static/....//....//static-outside/secret.txt',
  '/static/..;/static-outside/secret.txt',
  '/static/%c0%ae%c0%ae/static-outside/secret.txt',
  '/static/sub/%2e%2e/%2e%2e/static-outside/secret.txt',
  '/static/%2e%2e%5c%2e%2e%5cetc%5cpasswd',
];

function assertNothingServed(res) {
  assert.ok([400, 404].includes(res.status), `${res.path}: expected 400 or 404, got ${res.status}`);
  assert.ok(!res.text.includes('root:'), `${res.path}: served /etc/passwd`);
  assert.ok(!res.body.includes(secret), `${res.path}: served ${OUTSIDE_SECRET}`);
}

describe('§4 static files: nothing outside STATIC_ROOT is ever served', () => {
  for (const path of TRAVERSALS) {
    clause(`Nothing outside STATIC_ROOT is ever served: 400 or 404, never file bytes: ${path}`, async () => {
      assertNothingServed(await get(path));
    });
  }

  for (const path of ['/static/outside.txt', '/static/outside-dir/secret.txt', '/static/outside-dir/']) {
    clause(`Symlinks that point outside the root → 400 or 404, never file bytes: ${path}`, async () => {
      assertNothingServed(await get(path));
    });
  }
});

describe('§4 static files: streaming', () => {
  clause('10 clients downloading 10mb.bin at once each get the exact bytes', async () => {
    const downloads = await Promise.all(Array.from({ length: 10 }, () => get('/static/10mb.bin', { timeout: 30_000 })));
    for (const res of downloads) {
      assert.equal(res.status, 200);
      assert.equal(sha(res.body), sha(tree['10mb.bin']));
    }
  }, { timeout: 40_000 });

  clause('A client that disconnects mid-download costs nothing: after 20 aborted downloads /health and a full download still work', async () => {
    // Two waves of ten, each client leaving after 64 KiB to 5 MiB.
    for (let wave = 0; wave < 2; wave++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => abortDownload('/static/10mb.bin', 65536 + i * 512 * 1024)));
    }
    const health = await get('/health');
    assert.equal(health.status, 200);
    const full = await get('/static/10mb.bin', { timeout: 20_000 });
    assert.equal(full.status, 200);
    assert.equal(sha(full.body), sha(tree['10mb.bin']));
  }, { timeout: 40_000 });
});
