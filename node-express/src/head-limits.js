'use strict';

// The four limits of spec/API.md §1.6, checked before anything else of a request. Node's parser has one limit of its
// own, on the request line and the fields together (maxHeaderSize, set to HEAD_BYTES in app.js): below it these
// exact checks decide, above it Node's 431 (client-errors.js) is one of the two answers the contract allows there.
const TARGET_BYTES = 8_192;
const SECTION_BYTES = 16_384;
const FIELD_LINES = 100;
const HEAD_BYTES = 32_768;

// [status, message] for a head over a limit, or null. Targets and field values are latin1 strings, a char a byte;
// a field line is counted as `name: value` with its CRLF (Node drops the whitespace around the value). Node keeps at
// most 2,000 fields in rawHeaders (maxHeadersCount), well over the 100 counted here.
function headLimitProblem(req) {
  if (req.url.length > TARGET_BYTES) return [414, 'Request target too long'];
  const raw = req.rawHeaders;
  if (raw.length / 2 > FIELD_LINES) return [431, 'Too many header fields'];
  let section = 0;
  for (let i = 0; i < raw.length; i += 2) section += raw[i].length + raw[i + 1].length + 4;
  return section > SECTION_BYTES ? [431, 'Request header fields too large'] : null;
}

module.exports = { HEAD_BYTES, headLimitProblem };
