// spec/API.md §4 static file streaming: bytes, headers, HEAD, conditional requests, ranges, what is never served.
// Expected bytes come from the fixture generator itself, never from the stack's STATIC_ROOT.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { STATIC_MTIME, staticTree } from '../fixtures/static/generate.mjs';
import { fixturesDir } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAgent, get, head } from './lib/http.mjs';

after(closeAgent);

const tree = staticTree();
const sha = (buf) => createHash('sha256').update(buf).digest('hex');
const served = Object.keys(tree).filter((p) => Buffer.isBuffer(tree[p]) && !p.split('/').some((s) => s.startsWith('.')));
const TYPES = { bin: 'application/octet-stream', xyz: 'application/octet-stream', html: 'text/html', txt: 'text/plain', json: 'application/json', js: 'text/javascript', css: 'text/css' };

function assertContentType(res, path) {
  const type = TYPES[path.split('.').pop()];
  const charset = type === 'application/octet-stream' ? '' : '(\\s*;\\s*charset=utf-8)?';
  assert.match(res.headers['content-type'] ?? '', new RegExp(`^${type}${charset}$`, 'i'), `Content-Type of ${path}`);
}

function assertFileHeaders(res, path, length) {
  assert.equal(res.status, 200, `${path}: status`);
  assert.equal(res.headers['content-length'], String(length), `${path}: Content-Length`);
  assert.equal(res.headers['accept-ranges'], 'bytes', `${path}: Accept-Ranges`);
  assert.equal(Date.parse(res.headers['last-modified']), STATIC_MTIME.getTime(), `${path}: Last-Modified is the file's mtime`);
  assertContentType(res, path);
}

describe('§4 static files: content and headers', () => {
  clause('200 with the exact bytes, Content-Length, Accept-Ranges: bytes, Last-Modified; Content-Type by extension', async () => {
    for (const path of served) {
      const res = await get(`/static/${path}`, { timeout: 20_000 });
      assertFileHeaders(res, path, tree[path].length);
      assert.equal(sha(res.body), sha(tree[path]), `${path}: bytes differ (SHA-256)`);
    }
  });

  clause('HEAD /static/<path> → the same headers as GET, no body', async () => {
    for (const path of served) assertFileHeaders(await head(`/static/${path}`), path, tree[path].length);
  });

  clause('A symlink inside the root is served: link-to-hello.txt → 200 with hello.txt', async () => {
    const res = await get('/static/link-to-hello.txt');
    assertFileHeaders(res, 'link-to-hello.txt', tree['hello.txt'].length);
    assert.deepEqual(res.body, tree['hello.txt']);
  });

  clause('The query string is ignored', async () => {
    const res = await get('/static/hello.txt?v=2&download=1');
    assertFileHeaders(res, 'hello.txt', tree['hello.txt'].length);
    assert.deepEqual(res.body, tree['hello.txt']);
  });

  for (const path of ['missing.txt', 'sub/missing.txt', 'sub', 'sub/', '', '.hidden', 'sub/.secret', '.hidden/x']) {
    clause(`Missing file, a directory, a name starting with . → 404: /static/${path}`, async () => {
      const res = await get(`/static/${path}`);
      assert.equal(res.status, 404);
    });
  }
});

describe('§4 static files: conditional requests', () => {
  clause('If-Modified-Since not older than the file → 304, no body', async () => {
    const { headers } = await head('/static/1kb.bin');
    for (const since of [headers['last-modified'], 'Tue, 01 Jul 2025 00:00:00 GMT']) {
      const res = await get('/static/1kb.bin', { headers: { 'if-modified-since': since } });
      assert.equal(res.status, 304, `If-Modified-Since: ${since}`);
      assert.equal(res.body.length, 0);
    }
  });

  clause('If-Modified-Since in the obsolete forms a recipient must accept (RFC 850, asctime) → 304 when not older, 200 when older', async () => {
    for (const since of ['Tuesday, 01-Jul-25 00:00:00 GMT', 'Tue Jul  1 00:00:00 2025']) {
      const res = await get('/static/1kb.bin', { headers: { 'if-modified-since': since } });
      assert.equal(res.status, 304, `If-Modified-Since: ${since}`);
    }
    for (const since of ['Sunday, 31-Dec-23 23:59:59 GMT', 'Sun Dec 31 23:59:59 2023']) {
      const res = await get('/static/1kb.bin', { headers: { 'if-modified-since': since } });
      assert.equal(res.status, 200, `If-Modified-Since: ${since}`);
    }
  });

  clause('If-Modified-Since older than the file → 200 with the full body', async () => {
    const res = await get('/static/1kb.bin', { headers: { 'if-modified-since': 'Sun, 31 Dec 2023 23:59:59 GMT' } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, tree['1kb.bin']);
  });

  clause('If-None-Match matching the ETag, where one is sent → 304, no body', async () => {
    const { headers } = await head('/static/1kb.bin');
    if (headers.etag === undefined) return; // ETag is optional; then If-Modified-Since alone decides
    const res = await get('/static/1kb.bin', { headers: { 'if-none-match': headers.etag } });
    assert.equal(res.status, 304);
    assert.equal(res.body.length, 0);
  });

  clause('If-None-Match: * matches too → 304', async () => {
    const res = await get('/static/1kb.bin', { headers: { 'if-none-match': '*' } });
    assert.equal(res.status, 304);
    assert.equal(res.body.length, 0);
  });

  clause('An unparseable If-Modified-Since date is ignored → 200', async () => {
    const res = await get('/static/1kb.bin', { headers: { 'if-modified-since': 'yesterday-ish' } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, tree['1kb.bin']);
  });

  clause('A conditional 304 takes precedence over a range', async () => {
    const { headers } = await head('/static/1kb.bin');
    const res = await get('/static/1kb.bin', { headers: { range: 'bytes=0-9', 'if-modified-since': headers['last-modified'] } });
    assert.equal(res.status, 304);
  });

  clause('If-None-Match that does not match → 200, even with a matching If-Modified-Since', async () => {
    const { headers } = await head('/static/1kb.bin');
    const res = await get('/static/1kb.bin', { headers: { 'if-none-match': '"no-such-etag"', 'if-modified-since': headers['last-modified'] } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, tree['1kb.bin']);
  });
});

describe('§4 static files: ranges', () => {
  const file = tree['100kb.bin'];
  const len = file.length;
  const cases = [
    ['bytes=0-99', 0, 99], ['bytes=1000-', 1000, len - 1], ['bytes=-500', len - 500, len - 1],
    ['bytes=100000-999999', 100000, len - 1], ['bytes=102399-102399', len - 1, len - 1], ['bytes=-999999', 0, len - 1],
  ];
  for (const [range, start, end] of cases) {
    clause(`One byte range → 206, Content-Range: bytes a-b/len, exactly that slice (an end past the end is clamped, a longer suffix is the whole file): ${range}`, async () => {
      const res = await get('/static/100kb.bin', { headers: { range } });
      assert.equal(res.status, 206);
      assert.equal(res.headers['content-range'], `bytes ${start}-${end}/${len}`);
      assert.equal(res.headers['content-length'], String(end - start + 1));
      assert.ok(res.body.equals(file.subarray(start, end + 1)), 'the body is not exactly the requested slice');
    });
  }

  clause('One byte range in the middle of a large file → 206 with exactly that slice', async () => {
    const res = await get('/static/10mb.bin', { headers: { range: 'bytes=5000000-5999999' } });
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-range'], 'bytes 5000000-5999999/10485760');
    assert.equal(sha(res.body), sha(tree['10mb.bin'].subarray(5000000, 6000000)));
  });

  for (const range of [`bytes=${len}-`, `bytes=${len + 100}-${len + 200}`]) {
    clause(`Unsatisfiable → 416 with Content-Range: bytes */len: ${range}`, async () => {
      const res = await get('/static/100kb.bin', { headers: { range } });
      assert.equal(res.status, 416);
      assert.equal(res.headers['content-range'], `bytes */${len}`);
    });
  }

  clause('Several ranges (anything with a comma after bytes=) → 200 with the full body', async () => {
    const res = await get('/static/100kb.bin', { headers: { range: 'bytes=0-9,100-109' } });
    assert.equal(res.status, 200);
    assert.ok(res.body.equals(file));
  });

  clause('A malformed Range header (wrong unit, a>b, garbage) is ignored: 200 with the full body', async () => {
    for (const range of ['bytes=abc', 'lines=0-9', 'bytes=500-100']) {
      const res = await get('/static/100kb.bin', { headers: { range } });
      assert.equal(res.status, 200, `Range: ${range}`);
      assert.ok(res.body.equals(file));
    }
  });
});

// spec/fixtures/static/ranges.json: the one Range grammar of §4.4, against hello.txt.
describe('§4.4 static files: the Range grammar', () => {
  const hello = tree['hello.txt'];
  for (const { range, status, contentRange } of JSON.parse(readFileSync(join(fixturesDir, 'static/ranges.json'), 'utf8'))) {
    clause(`One range is exactly bytes=a-b, a- or -n with positions of any size; several ranges or a malformed header → 200 with the full body: ${range}`, async () => {
      const res = await get('/static/hello.txt', { headers: { range } });
      assert.equal(res.status, status);
      if (status === 200) assert.ok(res.body.equals(hello), 'the full body');
      if (contentRange) assert.equal(res.headers['content-range'], contentRange);
      if (status === 206) {
        const [, start, end] = /^bytes (\d+)-(\d+)\//.exec(contentRange).map(Number);
        assert.ok(res.body.equals(hello.subarray(start, end + 1)), 'exactly that slice');
      }
    });
  }
});
