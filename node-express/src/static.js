'use strict';

const fs = require('node:fs');
const path = require('node:path');
const express = require('express');
const { HttpError } = require('./errors');

// GET/HEAD /static/<path>: express.static (send) streams the file with Content-Length, Accept-Ranges,
// Last-Modified, ETag, 304 and single-range 206/416. In front of it, `contain` makes sure that only regular
// files inside STATIC_ROOT are ever handed to it, symlinks resolved.
function staticFiles(root) {
  const realRoot = realpathOrSelf(root);
  const serve = express.static(root, {
    dotfiles: 'ignore',
    index: false,
    redirect: false,
    fallthrough: false, // its errors (416 with Content-Range, 412) go to the JSON error handler
    acceptRanges: true,
    lastModified: true,
    etag: true,
    setHeaders: (res, file) => res.setHeader('Content-Type', contentType(file)),
  });

  async function contain(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'Method not allowed', ALLOW);
    const segments = pathSegments(req.path);
    let real;
    try {
      real = await fs.promises.realpath(path.join(realRoot, ...segments));
    } catch {
      throw notFound();
    }
    if (!real.startsWith(realRoot + path.sep)) throw notFound();
    const stats = await fs.promises.stat(real).catch(() => null);
    if (!stats?.isFile()) throw notFound();
    repairRange(req, stats.size);
    next();
  }

  return [contain, serve];
}

const ALLOW = { Allow: 'GET, HEAD' };

// The contract's table, not mime-db's: there every other extension (.xyz is chemical/x-xyz) is octet-stream.
const CONTENT_TYPES = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.json', 'application/json'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
]);

function contentType(file) {
  return CONTENT_TYPES.get(path.extname(file).toLowerCase()) ?? 'application/octet-stream';
}

// '/sub/nested.txt' (still percent-encoded, relative to /static) → ['sub', 'nested.txt'].
// Encoded separators, backslashes and NUL are refused outright (400); empty segments (a directory's
// trailing slash, '//' absolute paths) and segments starting with '.' ('..', dotfiles) are not found (404).
function pathSegments(rawPath) {
  if (/%2f|%5c|\\/i.test(rawPath)) throw new HttpError(400, 'Invalid path');
  let decoded;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw new HttpError(400, 'Invalid path');
  }
  if (decoded.includes('\0')) throw new HttpError(400, 'Invalid path');
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) throw notFound();
  return segments;
}

// send's range-parser answers 416 in two cases where RFC 9110 §14.1 does not: a suffix range longer than
// the file selects the whole file, and a range ending before it starts is invalid, so Range is ignored.
function repairRange(req, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!match) return;
  const [, first, last] = match;
  if (first === '' && last !== '' && Number(last) > size) req.headers.range = 'bytes=0-';
  else if (first !== '' && last !== '' && Number(first) > Number(last)) delete req.headers.range;
}

// At start-up only: STATIC_ROOT may be generated after the server starts, then nothing is found until it is.
function realpathOrSelf(root) {
  try {
    return fs.realpathSync(root);
  } catch {
    return root;
  }
}

function notFound() {
  return new HttpError(404, 'Not found');
}

module.exports = { staticFiles, pathSegments };
