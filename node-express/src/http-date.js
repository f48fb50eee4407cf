'use strict';

// If-Modified-Since by the contract (spec/API.md §4.3), rewritten before send sees it. send's freshness check
// (the `fresh` package) reads the date with Date.parse, which takes far more than an HTTP date (ISO 8601,
// `2024-01-01T02:58:15Z`, lower-case `gmt`, extra spaces) and reads asctime in the server's local time zone.
// So only the three forms a recipient must accept (RFC 9110 §5.6.7) count, read here exactly, and are handed to
// send as the ISO string that Date.parse reads exactly; anything else is dropped: no conditional, 200.
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'; // a day name, not checked against the date
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`); // Sun, 06 Nov 1994 08:49:37 GMT
const RFC_850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`); // Sunday, 06-Nov-94 08:49:37 GMT
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`); // Sun Nov  6 08:49:37 1994

function repairIfModifiedSince(req) {
  const since = req.headers['if-modified-since'];
  if (since === undefined) return;
  const time = parseHttpDate(since);
  if (time === null) delete req.headers['if-modified-since'];
  else req.headers['if-modified-since'] = new Date(time).toISOString();
}

// An HTTP date → its time in ms since the epoch, or null when the text is none of the three forms.
function parseHttpDate(text, now = Date.now()) {
  let m;
  if ((m = IMF_FIXDATE.exec(text))) return utc(m[3], m[2], m[1], m[4], m[5], m[6]);
  if ((m = RFC_850.exec(text))) return utc(centuryOf(Number(m[3]), now), m[2], m[1], m[4], m[5], m[6]);
  if ((m = ASCTIME.exec(text))) return utc(m[6], m[1], m[2], m[3], m[4], m[5]);
  return null;
}

// RFC 9110 §5.6.7: a two-digit year more than 50 years in the future is the most recent past year with them.
function centuryOf(yy, now) {
  const current = new Date(now).getUTCFullYear();
  const year = current - (current % 100) + yy;
  return year > current + 50 ? year - 100 : year;
}

// The fields as written, or null when they name no time (31 Feb, 24:00:00, 23:60:00).
function utc(year, month, day, hour, minute, second) {
  const [y, mo, d, h, mi, s] = [year, MONTHS.indexOf(month), day, hour, minute, second].map(Number);
  const date = new Date(0);
  date.setUTCFullYear(y, mo, d); // unlike Date.UTC, keeps the years 0 to 99 as written
  date.setUTCHours(h, mi, s);
  const exact =
    date.getUTCMonth() === mo &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi;
  return exact && date.getUTCSeconds() === s ? date.getTime() : null;
}

module.exports = { repairIfModifiedSince, parseHttpDate };
