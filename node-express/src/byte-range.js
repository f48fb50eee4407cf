'use strict';

// The Range header (spec/API.md §4.4). send's range-parser honours a single range and answers 416 with
// Content-Range when none of it is satisfiable; it also answers 416 in two cases where RFC 9110 §14.1 does
// not, which are rewritten here before send sees the header: a suffix range longer than the file selects the
// whole file, and a range ending before it starts is invalid, so Range is ignored.
function repairRange(req, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!match) return;
  const [, first, last] = match;
  if (first === '' && last !== '' && Number(last) > size) req.headers.range = 'bytes=0-';
  else if (first !== '' && last !== '' && Number(first) > Number(last)) delete req.headers.range;
}

module.exports = { repairRange };
