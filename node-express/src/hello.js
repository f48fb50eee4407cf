'use strict';

// GET /hello: the baseline for framework overhead: express's routing and middleware, then the fixed body written
// with Node's own response calls. res.type().send() adds per-response work this fixed body never needs (a MIME
// lookup, charset and length computed again, a freshness check): see the README's Tuning.
const BODY = Buffer.from('Hello, World!');
const HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(BODY.length) };

function hello(req, res) {
  res.writeHead(200, HEADERS).end(BODY);
}

module.exports = { hello };
