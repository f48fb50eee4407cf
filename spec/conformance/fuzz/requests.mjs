// The requests the differential fuzzer sends, one fast-check arbitrary per route of spec/API.md. Each request is
// { route, method, path, headers: { name: value }, body?: Buffer, describe: short text }. Valid requests are
// the common case and odd ones are built from the contract's own edges, so that most cases reach deep code.
import fc from 'fast-check';
import { arr, damage, damaged, entriesOf, obj, render, str, style, text } from './json-text.mjs';
import { bookingBody, bookingsContentType, MODELS, TRIMS } from './bookings-bodies.mjs';

const CONTENT_TYPES_JSON = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8',
    'application/json ; x=y', 'application/json; charset="utf-8"', 'APPLICATION/JSON;', 'application/json; charset=x-unknown',
    'application/json; charset=iso-8859-1') },
  { weight: 2, arbitrary: fc.constantFrom(undefined, '', 'text/plain', 'application/jsonx', 'application/x-protobuf',
    'application/json-patch+json', 'json', 'application/*', '*/*', 'text/json') },
);

// How a request goes on the wire: mostly plainly; sometimes its body chunked, its header names in capitals, its
// target in absolute form (naming the Host header's host, or another: §1.3's 400), or with a second Host header or
// none (§1.3: 400 before anything else).
const wire = fc.oneof(
  { weight: 12, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 5 }).map((chunked) => ({ chunked })) },
  { weight: 1, arbitrary: fc.constant({ upperNames: true }) },
  { weight: 1, arbitrary: fc.constantFrom({ absoluteForm: 'same host' }, { absoluteForm: 'other host' }) },
  { weight: 1, arbitrary: fc.constantFrom({ hostTwice: true }, { noHost: true }) },
);

// ---------------------------------------------------------------- POST /event (spec/API.md §5)
const stringNode = text(10).map(str);
const stadium = entriesOf({ name: stringNode }).map(obj);
const team = entriesOf({ name: stringNode, country: stringNode, stadium }).map(obj);
const teams = fc.array(team, { maxLength: 3 }).map(arr);
const eventNode = entriesOf({ eventName: stringNode, teams }).map(obj);

export const event = fc.record({ node: eventNode, style, damage, type: CONTENT_TYPES_JSON, wire }).map(({ node, style: s, damage: d, type, wire: w }) => ({
  route: 'event', method: 'POST', path: '/event', headers: type === undefined ? {} : { 'content-type': type },
  body: damaged(render(node, s), d), wire: w,
}));

// ---------------------------------------------------------------- POST /bookings (§6), JSON and protobuf
export const booking = fc.record({ body: bookingBody, type: bookingsContentType, wire }).map(({ body, type, wire: w }) => ({
  route: 'bookings', method: 'POST', path: '/bookings',
  headers: type.header === undefined ? {} : { 'content-type': type.header },
  body: type.encoding === 'protobuf' ? body.protobuf : body.json, wire: w,
}));

// ---------------------------------------------------------------- GET /aggregates (§6.8), the bookings' effects
const param = (name) => fc.constantFrom(...MODELS.concat(TRIMS), '', 'nothing').map((v) => `${name}=${encodeURIComponent(v)}`);
export const aggregates = fc.tuple(fc.option(param('model')), fc.option(param('trim')), fc.option(param('model'), { freq: 8 }))
  .map(([model, trim, twice]) => {
    const query = [model, trim, twice].filter(Boolean).join('&');
    return { route: 'aggregates', method: 'GET', path: `/aggregates${query ? `?${query}` : ''}`, headers: {} };
  });

// ---------------------------------------------------------------- GET/HEAD /static/<path> (§4)
const FILES = ['hello.txt', '1kb.bin', '100kb.bin', 'sample.json', 'sample.js', 'sample.css', 'unknown.xyz', 'chat.html',
  'sub/nested.txt', 'link-to-hello.txt', '.hidden', 'sub/.secret', 'outside.txt', 'outside-dir/secret.txt', 'sub', 'missing.txt'];
const segment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('hello.txt', 'sub', 'nested.txt', '1kb.bin', 'sample.json') },
  { weight: 2, arbitrary: fc.constantFrom('', '.', '..', '%2e%2e', '%2E', '.hidden', '%2f', '%5c', '\\', '%00', '%',
    '%zz', '%ff', '%C3%28', '%c3%a9', 'hello.txt;x', ';', '%3b', 'hello%2etxt', '%68ello.txt', 'HELLO.TXT', 'hello.txt%20',
    '%252e%252e', 'static', 'outside-dir', 'secret.txt', '~', 'hello.txt%', '%e2%80%a8') },
);
const staticPath = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FILES) },
  { weight: 3, arbitrary: fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FILES), fc.constantFrom('/', '/x', '//', ';a=b', '?x=1', '?', '/.')).map(([f, t]) => f + t) },
);

// Range headers from §4.4's grammar, then bent: whitespace, case, huge numbers, several ranges, garbage.
const position = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 40 }).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 120_000 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('01', '007', '0000', '9223372036854775807', '9223372036854775808', '18446744073709551616',
    '99999999999999999999999', '1'.padEnd(40, '0')) },
);
const oneRange = fc.oneof(
  fc.tuple(position, position).map(([a, b]) => `${a}-${b}`),
  position.map((a) => `${a}-`),
  position.map((n) => `-${n}`),
);
const rangeHeader = fc.oneof(
  { weight: 8, arbitrary: oneRange.map((r) => `bytes=${r}`) },
  { weight: 3, arbitrary: fc.array(oneRange, { minLength: 2, maxLength: 3 }).chain((rs) =>
    fc.constantFrom(',', ', ', ' ,').map((sep) => `bytes=${rs.join(sep)}`)) },
  { weight: 2, arbitrary: fc.tuple(oneRange, fc.constantFrom('bytes= ', 'bytes =', 'Bytes=', 'BYTES=', 'bytes=,', 'items=', 'bytes:', 'bytes==', '=', 'bytes'),
    fc.constantFrom('', ' ', ',', ';x', '-', '-1', 'x')).map(([r, unit, tail]) => `${unit}${r}${tail}`) },
  { weight: 1, arbitrary: fc.tuple(position, fc.constantFrom(' -', '- ', ' - ', '--', '-+', '+', '.5-'), position).map(([a, s, b]) => `bytes=${a}${s}${b}`) },
  { weight: 1, arbitrary: fc.constantFrom('bytes=', 'bytes=-', 'bytes=x-y', 'bytes=0x1-2', 'bytes=1e2-', 'garbage', '') },
);

const MTIME = Date.UTC(2024, 0, 1);
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n) => String(n).padStart(2, '0');
// The three date forms of RFC 9110 §5.6.7, around the fixtures' mtime, and a few that are not dates.
const httpDate = fc.tuple(fc.integer({ min: -3 * 86_400, max: 3 * 86_400 }), fc.constantFrom('imf', 'rfc850', 'asctime', 'broken'))
  .map(([offset, form]) => {
    const d = new Date(MTIME + offset * 1000);
    const [day, dd, mon, yyyy, time] = [d.getUTCDay(), d.getUTCDate(), MONTHS[d.getUTCMonth()], d.getUTCFullYear(),
      `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`];
    if (form === 'imf') return `${DAY_NAMES[day]}, ${p2(dd)} ${mon} ${yyyy} ${time} GMT`;
    if (form === 'rfc850') return `${LONG_DAYS[day]}, ${p2(dd)}-${mon}-${String(yyyy).slice(2)} ${time} GMT`;
    if (form === 'asctime') return `${DAY_NAMES[day]} ${mon} ${String(dd).padStart(2, ' ')} ${time} ${yyyy}`;
    return `${yyyy}-${p2(d.getUTCMonth() + 1)}-${p2(dd)}T${time}Z`;
  });
const conditional = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: httpDate.map((d) => ({ 'if-modified-since': d })) },
  { weight: 1, arbitrary: fc.constantFrom('*', '"nope"', 'W/"nope"', '"a", "b"', '').map((e) => ({ 'if-none-match': e })) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('*', '"nope"'), httpDate).map(([e, d]) => ({ 'if-none-match': e, 'if-modified-since': d })) },
);

export const staticFile = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
  path: staticPath,
  range: fc.option(rangeHeader, { freq: 2 }),
  conditional,
  wire,
}).map(({ method, path, range, conditional: cond, wire: w }) => ({
  route: 'static', method, path: `/static/${path}`, headers: { ...(range === null ? {} : { range }), ...cond },
  wire: w.chunked ? {} : w,
}));

// ---------------------------------------------------------------- any route, any method (§1.4)
const ROUTES = ['/hello', '/health', '/aggregates', '/event', '/bookings', '/chat', '/static/hello.txt'];
const routePath = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ROUTES) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...ROUTES), fc.constantFrom('/', ';x', ';', '%20', '/x', '?q', '?', 'x', '/..', '//'))
    .map(([r, t]) => r + t) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...ROUTES), fc.constantFrom('upper', 'double-slash', 'escape', 'dot'))
    .map(([r, how]) => ({ upper: r.toUpperCase(), 'double-slash': `/${r}`, escape: r.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
      dot: `/.${r}` })[how]) },
  { weight: 1, arbitrary: fc.constantFrom('/', '/favicon.ico', '/index.html', '/static', '/hello/world', '/eventx', '/%', '/*') },
);
export const anyRoute = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  path: routePath,
  type: CONTENT_TYPES_JSON,
  wire,
}).map(({ method, path, type, wire: w }) => ({
  wire: w,
  route: 'any', method, path,
  headers: method === 'GET' || method === 'DELETE' || type === undefined ? {} : { 'content-type': type },
  body: method === 'GET' || method === 'DELETE' ? undefined : Buffer.from('{}'),
}));

/** Every HTTP route, weighted towards the ones with the most to decide. */
export const httpRequest = fc.oneof(
  { weight: 4, arbitrary: event },
  { weight: 5, arbitrary: booking },
  { weight: 1, arbitrary: aggregates },
  { weight: 4, arbitrary: staticFile },
  { weight: 2, arbitrary: anyRoute },
);

export const describeRequest = (r) => {
  const headers = [...Object.entries(r.headers).map(([k, v]) => `${k}: ${JSON.stringify(v)}`),
    ...Object.entries(r.wire ?? {}).map(([k, v]) => `(${k}: ${v})`)].join(', ');
  const body = r.body === undefined ? '' : ` body(${r.body.length} B)=${JSON.stringify(r.body.toString('latin1').slice(0, 400))}`;
  return `${r.method} ${r.path}${headers ? ` [${headers}]` : ''}${body}`;
};
