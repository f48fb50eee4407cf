'use strict';

const path = require('node:path');
const { HttpError } = require('./errors');

// The pure half of the static route: which names a request path may ever reach (spec/API.md §4.1), and the
// contract's Content-Type table. Nothing here touches the file system.

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

function notFound() {
  return new HttpError(404, 'Not found');
}

module.exports = { pathSegments, contentType, notFound };
