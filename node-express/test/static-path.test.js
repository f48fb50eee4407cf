'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { pathSegments, contentType } = require('../src/static-path');
const { HttpError } = require('../src/errors');

const rejected = (status) => (err) => err instanceof HttpError && err.status === status;

test('ordinary paths become their decoded segments', () => {
  assert.deepEqual(pathSegments('/hello.txt'), ['hello.txt']);
  assert.deepEqual(pathSegments('/sub/nested.txt'), ['sub', 'nested.txt']);
  assert.deepEqual(pathSegments('/with%20space.txt'), ['with space.txt']);
  assert.deepEqual(pathSegments('/%252e'), ['%2e']); // decoded once: a literal name that does not exist
  assert.deepEqual(pathSegments('/%68ello%2etxt'), ['hello.txt']);
});

test('`;` is an ordinary character of a name: no path parameters', () => {
  assert.deepEqual(pathSegments('/hello.txt;x'), ['hello.txt;x']);
  assert.deepEqual(pathSegments('/hello.txt%3Bx'), ['hello.txt;x']);
  assert.deepEqual(pathSegments('/sub/nested.txt;a=b'), ['sub', 'nested.txt;a=b']);
});

test('escapes from the root are refused', async (t) => {
  const cases = {
    '/../secret.txt': 404,
    '/%2e%2e/secret.txt': 404,
    '/sub/%2E%2E/%2e%2e/x': 404,
    '/..%2fsecret.txt': 400,
    '/%2fetc/passwd': 400,
    '//etc/passwd': 404,
    '/sub\\..\\x': 400,
    '/%5c..%5cx': 400,
    '/hello.txt%00.bin': 400,
    '/%zz': 400,
    '/%': 400,
    '/hello.txt%': 400,
    '/%ff': 400,
    '/%C3%28': 400,
    '/1kb.bin/': 404,
    '/sub//nested.txt': 404,
    '/.hidden': 404,
    '/sub/.secret': 404,
    '/sub/': 404,
    '/': 404,
  };
  for (const [rawPath, status] of Object.entries(cases)) {
    await t.test(rawPath, () => assert.throws(() => pathSegments(rawPath), rejected(status)));
  }
});

test("the contract's Content-Type table, octet-stream for anything else", () => {
  assert.equal(contentType('/root/index.html'), 'text/html; charset=utf-8');
  assert.equal(contentType('/root/HELLO.TXT'), 'text/plain; charset=utf-8');
  assert.equal(contentType('/root/data.json'), 'application/json');
  assert.equal(contentType('/root/app.js'), 'text/javascript; charset=utf-8');
  assert.equal(contentType('/root/site.css'), 'text/css; charset=utf-8');
  assert.equal(contentType('/root/molecule.xyz'), 'application/octet-stream');
  assert.equal(contentType('/root/no-extension'), 'application/octet-stream');
});
