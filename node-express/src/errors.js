'use strict';

const { STATUS_CODES } = require('node:http');
const { requestProblem } = require('./request-target');

// An error that carries its HTTP status, a short message for the JSON body and optional response headers.
class HttpError extends Error {
  constructor(status, message, headers = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

function methodNotAllowed(allow) {
  return (req, res, next) => next(new HttpError(405, 'Method not allowed', { Allow: allow }));
}

// Every request before routing: a version other than HTTP/1.x, a fragment in the target or a missing or ambiguous
// host is refused whatever the route (request-target.js). One in absolute form is then routed by express's router
// as its origin form, which it reads the path of.
function checkRequest(req, res, next) {
  const problem = requestProblem(req);
  next(problem ? new HttpError(...problem) : undefined);
}

function notFound(req, res, next) {
  next(new HttpError(404, 'Not found'));
}

// The only place a 4xx/5xx body is written: always {"error": "..."}; never a stack, class name or SQL.
// Errors from express's own middleware (body-parser, serve-static) carry `status`, `expose` and maybe `headers`.
function errorHandler(err, req, res, next) {
  const status = statusOf(err);
  // Unexpected failures only: a deliberate 503 (database busy) is an answer, not an error to log per request.
  if (status >= 500 && !(err instanceof HttpError))
    console.error(`${req.method} ${req.path} failed: ${describe(err)}`);
  if (res.headersSent) {
    // Part of a body is already on the wire: all that is left is to cut the connection.
    req.socket.destroy();
    return;
  }
  if (err.headers) res.set(err.headers);
  const message = err instanceof HttpError ? err.message : STATUS_CODES[status];
  // type() first: a failed static response may already carry the file's Content-Type.
  res.status(status).type('application/json').json({ error: message });
}

// The same JSON error written straight to a socket, where there is no response object (a refused upgrade, a request
// Node's parser gave up on), with Date like every answer; the connection is then closed.
function refuseConnection(socket, status, message, headers = {}) {
  const body = JSON.stringify({ error: message });
  const head = {
    Date: new Date().toUTCString(),
    Connection: 'close',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  };
  socket.on('error', () => {});
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      Object.entries(head)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `\r\n${body}`,
  );
}

// Name, message and stack frames: some libraries' stacks (sequelize's) leave the message out.
function describe(err) {
  const frames = String(err.stack ?? '')
    .split('\n')
    .slice(1)
    .join('\n');
  return `${err.name}: ${err.message}\n${frames}`;
}

function statusOf(err) {
  const status = err.status ?? err.statusCode;
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

module.exports = { HttpError, methodNotAllowed, checkRequest, notFound, errorHandler, refuseConnection };
