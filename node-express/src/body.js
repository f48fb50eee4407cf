'use strict';

const { HttpError } = require('./errors');

const MAX_BODY_BYTES = 1024 * 1024;

// Media type of the request without parameters, lower-cased; '' when there is none.
function mediaType(req) {
  const header = req.headers['content-type'];
  return header ? header.split(';', 1)[0].trim().toLowerCase() : '';
}

// 415 unless the request's media type is one of `types` (parameters such as charset are allowed).
function requireMediaType(...types) {
  return (req, res, next) => {
    if (types.includes(mediaType(req))) next();
    else next(new HttpError(415, `Content-Type must be ${types.join(' or ')}`));
  };
}

// The body as a Buffer, whatever the media type (checked before). Raw bytes rather than express.json():
// JSON bodies must be strict UTF-8, which iconv-based decoding is not. Over 1 MiB → 413 at once: an announced
// Content-Length before a byte is read, a streamed body as soon as it passes the limit; the connection is then
// closed instead of read to its end (body-parser reads a too-large body whole before it answers).
function rawBody(req, res, next) {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return next(tooLarge());
  const chunks = [];
  let size = 0;
  const stop = () => req.off('data', onData).off('end', onEnd).off('error', onError);
  function onData(chunk) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) return chunks.push(chunk);
    stop().pause();
    next(tooLarge());
  }
  function onEnd() {
    stop();
    req.body = Buffer.concat(chunks, size);
    next();
  }
  function onError() {
    stop();
    next(new HttpError(400, 'Request body aborted'));
  }
  req.on('data', onData).on('end', onEnd).on('error', onError);
}

function tooLarge() {
  return new HttpError(413, 'Body is larger than 1 MiB', { Connection: 'close' });
}

// ignoreBOM keeps a leading byte order mark in the text (the default drops it), where JSON.parse refuses it:
// RFC 8259 §8.1 forbids sending one and the contract answers it with 400.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// Strict UTF-8: invalid bytes are a 400. An absent body is an empty one.
function utf8Text(body) {
  try {
    return utf8.decode(body ?? Buffer.alloc(0));
  } catch {
    throw new HttpError(400, 'Body is not valid UTF-8');
  }
}

// Strict JSON: a syntax error (a byte order mark included) is a 400. `reviver` is JSON.parse's.
function parseJsonText(text, reviver) {
  try {
    return JSON.parse(text, reviver);
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
}

function parseJson(body) {
  return parseJsonText(utf8Text(body));
}

module.exports = { mediaType, requireMediaType, rawBody, utf8Text, parseJsonText, parseJson };
