'use strict';

// RFC 9112 §3.2: a request names one host, in one Host header (none is allowed in HTTP/1.0) and, when its target
// is in absolute form (http://host:port/path?query, §3.2.2), the same there, compared as text without case
// (spec/API.md §1.3). Node keeps the first of several Host headers and drops the rest from req.headers, so they
// are counted in rawHeaders (names at even indexes).
const { headLimitProblem } = require('./head-limits');

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/is;

// Why the request is answered 400, whatever its route; null when its host is fine.
function hostProblem(req) {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') hosts++;
  if (hosts > 1) return 'More than one Host header';
  if (hosts === 0) return req.httpVersion === '1.0' ? null : 'No Host header';
  const absolute = ABSOLUTE_FORM.exec(req.url);
  if (!absolute) return null;
  const authority = absolute[1].slice(absolute[1].lastIndexOf('@') + 1);
  return authority.toLowerCase() === req.headers.host.toLowerCase()
    ? null
    : "Host header differs from the request target's";
}

// The target in origin form (/path?query), "/" for an absolute form with no path: what the routes outside express's
// router (the chat upgrade) and the static route's own check read.
function originForm(url) {
  const absolute = url.startsWith('/') ? null : ABSOLUTE_FORM.exec(url);
  if (!absolute) return url;
  return absolute[2].startsWith('/') ? absolute[2] : `/${absolute[2]}`;
}

// Why the request is refused whatever its route, as [status, message, headers]; null when it may be routed: first a
// head over a limit, answered and closed as a parser would; then what Node's parser (llhttp) takes and the contract
// does not, an HTTP/0.9 or HTTP/2.0 request line and a fragment in the target, which express would route as the path
// before it (spec/API.md §1.6).
function requestProblem(req) {
  const limit = headLimitProblem(req);
  if (limit) return [...limit, { Connection: 'close' }];
  if (req.httpVersionMajor !== 1) return [505, 'HTTP version not supported'];
  if (req.url.includes('#')) return [400, 'A request target has no fragment (#)'];
  const host = hostProblem(req);
  return host && [400, host];
}

module.exports = { hostProblem, originForm, requestProblem };
