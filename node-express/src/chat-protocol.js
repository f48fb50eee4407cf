'use strict';

// The TFG-WebChat v2 protocol, as pure functions over a frame's text.
// Registration: {"name","chat"} (non-empty strings of at most 64 characters, no "message" key).
// After it: {"name","chat","message"} with the registered name and room and a string message.

const MAX_NAME_CHARS = 64;

const TAKEN_NAME = 'A user with that name already exists';

class ProtocolViolation extends Error {}

// The registration frame → { name, chat }, or a ProtocolViolation.
function readRegistration(text) {
  const frame = parseFrame(text);
  if ('message' in frame) throw new ProtocolViolation('Register with name and chat before sending messages');
  return { name: identifier(frame.name, 'name'), chat: identifier(frame.chat, 'chat') };
}

// Checks a frame from the registered `user`; the frame itself is relayed as received, so nothing is returned.
function checkMessage(text, user) {
  const frame = parseFrame(text);
  if (!('message' in frame)) throw new ProtocolViolation('Already registered');
  if (frame.name !== user.name) throw new ProtocolViolation('name is not the registered name');
  if (frame.chat !== user.chat) throw new ProtocolViolation('chat is not the registered room');
  if (typeof frame.message !== 'string') throw new ProtocolViolation('message must be a string');
}

function parseFrame(text) {
  let frame;
  try {
    frame = JSON.parse(text);
  } catch {
    throw new ProtocolViolation('Frames must be JSON objects');
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
    throw new ProtocolViolation('Frames must be JSON objects');
  }
  return frame;
}

function identifier(value, key) {
  if (typeof value !== 'string' || value === '' || [...value].length > MAX_NAME_CHARS) {
    throw new ProtocolViolation(`${key} must be a non-empty string of at most ${MAX_NAME_CHARS} characters`);
  }
  return value;
}

// The one frame sent before closing with 1008.
function systemFrame(message) {
  return JSON.stringify({ type: 'system', message });
}

module.exports = { readRegistration, checkMessage, systemFrame, ProtocolViolation, TAKEN_NAME };
