'use strict';

const { refuseConnection } = require('./errors');

// Node's parser (llhttp) refuses some requests before express sees them: a malformed or unsupported version, a
// method it does not know, a body whose length it cannot determine (spec/API.md §1.6), headers too large, a
// request too slow. Node's own answer is a bare 400, 431, 413 or 408 without Date or body; this 'clientError'
// listener writes the JSON error instead, then closes: the parser reads nothing more on that connection.
function answerClientError(err, socket) {
  // A reset connection, or one already refused by an earlier error of its parser.
  if (!socket.writable) return;
  const answer = clientErrorAnswer(err);
  if (!answer) return;
  const res = answering.get(socket);
  const refuse = () => socket.writable && refuseConnection(socket, ...answer);
  if (!res || (res.writableFinished && res.req.complete)) refuse();
  // A request pipelined behind the one in flight failed: that one's answer goes first, then ours.
  else if (res.req.complete) res.once('finish', refuse);
  // The body of the request in flight failed: it gets ours only if it has no answer yet; one answer, then close.
  else if (!res.headersSent) refuse();
  else if (res.writableFinished) socket.end();
  else res.once('finish', () => socket.end());
}

// The answer in flight on each connection, so that a parser error after it (in its request's body, or in a request
// pipelined behind it) never writes a second status line into it or in its place. Set by the server's 'request'.
const answering = new WeakMap();
const trackAnswer = (req, res) => answering.set(req.socket, res);

const BAD_REQUEST = [400, 'Bad request'];
const VERSION = / HTTP\/(\d)\.\d$/;
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ /;

// [status, message] for a parser error, or null when it needs no answer.
function clientErrorAnswer(err) {
  switch (err.code) {
    // Bytes after a request with Connection: close (or HTTP/1.0) are not read (RFC 9112 §9.6); the answer still
    // being written closes the connection.
    case 'HPE_CLOSED_CONNECTION':
      return null;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request timeout'];
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request header fields too large'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Chunk extensions too large'];
    // Another major version (HTTP/3.0) is 505. llhttp also refuses HTTP/1.2 and above, which the contract serves as
    // HTTP/1.1 (a deviation in stack.json), and versions of another form (HTTP/1, HTTP/1.1.1): 400.
    case 'HPE_INVALID_VERSION': {
      const major = VERSION.exec(failedLine(err))?.[1];
      if (major === undefined) return BAD_REQUEST;
      return major === '1'
        ? [400, 'HTTP/1 minor version not supported']
        : [505, 'HTTP version not supported'];
    }
    // llhttp knows a fixed, case-sensitive list of methods (http.METHODS): another one (BREW, get) is a method the
    // server does not recognise, 501 (RFC 9110 §15.6.2); bytes that do not start with a method token are a 400.
    case 'HPE_INVALID_METHOD':
      return METHOD_TOKEN.test(failedLine(err)) ? [501, 'Method not implemented'] : BAD_REQUEST;
    // Framing (Content-Length, Transfer-Encoding, chunks) and any other syntax error.
    default:
      return BAD_REQUEST;
  }
}

// The line the parser failed in: in rawPacket, the read it was parsing, the line around byte bytesParsed. For a
// version or method error that is the request line.
function failedLine({ rawPacket, bytesParsed = 0 }) {
  if (!rawPacket) return '';
  const start = bytesParsed > 0 ? rawPacket.lastIndexOf(0x0a, bytesParsed - 1) + 1 : 0;
  const end = rawPacket.indexOf(0x0d, start);
  return rawPacket.toString('latin1', start, end < 0 ? rawPacket.length : end);
}

module.exports = { answerClientError, clientErrorAnswer, trackAnswer };
