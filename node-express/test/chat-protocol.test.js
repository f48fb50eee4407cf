'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { readRegistration, checkMessage, systemFrame, ProtocolViolation } = require('../src/chat-protocol');

const user = { name: 'alice', chat: 'room' };
const frame = (value) => JSON.stringify(value);

test('a registration frame gives the user', () => {
  assert.deepEqual(readRegistration(frame({ name: 'alice', chat: 'room', extra: [1] })), user);
  assert.deepEqual(readRegistration(frame({ name: '🙂'.repeat(64), chat: 'r' })), {
    name: '🙂'.repeat(64),
    chat: 'r',
  });
});

test('registration violations', async (t) => {
  const cases = {
    'not JSON': 'hello',
    'a JSON array': '[]',
    'JSON null': 'null',
    'a message before registering': frame({ name: 'alice', chat: 'room', message: 'hi' }),
    'no name': frame({ chat: 'room' }),
    'no chat': frame({ name: 'alice' }),
    'an empty name': frame({ name: '', chat: 'room' }),
    'a name that is not a string': frame({ name: 7, chat: 'room' }),
    'a name over 64 characters': frame({ name: 'n'.repeat(65), chat: 'room' }),
    'a room over 64 characters': frame({ name: 'alice', chat: 'r'.repeat(65) }),
  };
  for (const [name, text] of Object.entries(cases)) {
    await t.test(name, () => assert.throws(() => readRegistration(text), ProtocolViolation));
  }
});

test('a message from the registered user passes, extra keys allowed', () => {
  assert.doesNotThrow(() => checkMessage(frame({ ...user, message: 'hi', at: 1 }), user));
  assert.doesNotThrow(() => checkMessage(frame({ ...user, message: '' }), user));
});

test('message violations', async (t) => {
  const cases = {
    'not JSON': '{"name":',
    'a second registration': frame(user),
    'another name': frame({ ...user, name: 'bob', message: 'hi' }),
    'another room': frame({ ...user, chat: 'other', message: 'hi' }),
    'a message that is not a string': frame({ ...user, message: { text: 'hi' } }),
    'a null message': frame({ ...user, message: null }),
  };
  for (const [name, text] of Object.entries(cases)) {
    await t.test(name, () => assert.throws(() => checkMessage(text, user), ProtocolViolation));
  }
});

test('the system frame', () => {
  assert.equal(
    systemFrame('A user with that name already exists'),
    '{"type":"system","message":"A user with that name already exists"}',
  );
});
