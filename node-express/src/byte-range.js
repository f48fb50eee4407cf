'use strict';

// The Range header by the contract's one grammar (spec/API.md §4.4), rewritten before send sees it.
// send's range-parser takes whitespace inside, several ranges and positions through parseInt (inexact past
// 2^53), and answers 416 to a suffix longer than the file and to `bytes=5-2`. So exactly one
// `bytes=a-b | a- | -n` (digits only, any length, compared as BigInt) becomes the slice it selects, as
// `bytes=start-end` within the file, or `bytes=<size>-` for send's 416 with `bytes */size`; anything else,
// several ranges included, is dropped: the whole file.
const ONE_RANGE = /^bytes=(?:(\d+)-(\d*)|-(\d+))$/;

function repairRange(req, size) {
  const range = canonicalRange(req.headers.range, BigInt(size));
  if (range === undefined) delete req.headers.range;
  else req.headers.range = range;
}

function canonicalRange(header, size) {
  const match = ONE_RANGE.exec(header ?? '');
  if (!match) return undefined;
  const [, first, last, suffix] = match;
  let start;
  let end = size - 1n;
  if (suffix !== undefined) {
    start = size > BigInt(suffix) ? size - BigInt(suffix) : 0n; // -0 starts at the end: unsatisfiable
  } else {
    start = BigInt(first);
    if (last !== '') {
      if (start > BigInt(last)) return undefined; // a > b is malformed, not unsatisfiable
      if (BigInt(last) < end) end = BigInt(last);
    }
  }
  return start >= size ? `bytes=${size}-` : `bytes=${start}-${end}`;
}

module.exports = { repairRange };
