'use strict';

const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const test = require('node:test');
const assert = require('node:assert/strict');
const express = require('express');
const { staticFiles } = require('../src/static');
const { errorHandler } = require('../src/errors');

// The static route as the app mounts it, over a file last modified at 2024-01-01 00:00:00 UTC.
test('If-Modified-Since: the three HTTP date forms are compared, anything else is ignored', async (t) => {
  const timeZone = process.env.TZ;
  process.env.TZ = 'Asia/Tokyo'; // asctime has no zone: it is GMT (RFC 9110), not the server's local time
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  fs.writeFileSync(path.join(root, 'unknown.xyz'), 'x');
  fs.utimesSync(
    path.join(root, 'unknown.xyz'),
    new Date('2024-01-01T00:00:00Z'),
    new Date('2024-01-01T00:00:00Z'),
  );
  const app = express();
  app.use('/static', staticFiles(root));
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.after(() => {
    server.close();
    fs.rmSync(root, { recursive: true });
    if (timeZone === undefined) delete process.env.TZ;
    else process.env.TZ = timeZone;
  });
  // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request.
  const status = (since) =>
    new Promise((resolve, reject) =>
      http
        .get(
          {
            port: server.address().port,
            path: '/static/unknown.xyz',
            headers: { 'if-modified-since': since },
          },
          (res) => resolve(res.resume().statusCode),
        )
        .on('error', reject),
    );
  for (const since of [
    'Mon, 01 Jan 2024 00:00:00 GMT',
    'Monday, 01-Jan-24 00:00:00 GMT',
    'Mon Jan  1 00:00:00 2024',
    'Tue, 01 Jul 2025 00:00:00 GMT',
  ])
    assert.equal(await status(since), 304, since);
  for (const since of [
    'Sun, 31 Dec 2023 23:59:59 GMT',
    'Sun Dec 31 23:59:59 2023',
    '2024-01-01T02:58:15Z', // Date.parse takes it: send alone answers 304
    'Tue, 01 Jul 2025 00:00:00 gmt',
    'Tue,  01 Jul 2025 00:00:00 GMT',
    'yesterday-ish',
  ])
    assert.equal(await status(since), 200, since);
});

test('"/static" alone is no route: 404 with the JSON error body for every method (spec/API.md §1.4)', async (t) => {
  const app = express();
  app.use('/static', staticFiles(os.tmpdir()));
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.after(() => server.close());
  for (const method of ['GET', 'DELETE', 'PUT']) {
    const res = await fetch(`http://127.0.0.1:${server.address().port}/static`, { method });
    assert.equal(res.status, 404, method);
    assert.deepEqual(Object.keys(await res.json()), ['error']);
  }
});
