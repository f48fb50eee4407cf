'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { createLocalRooms } = require('../src/chat-rooms');

const member = () => ({
  frames: [],
  deliver(frame) {
    this.frames.push(frame);
  },
});

test('a name can be claimed once until it is released', () => {
  const rooms = createLocalRooms();
  assert.equal(rooms.claim('alice'), true);
  assert.equal(rooms.claim('alice'), false);
  rooms.release('alice');
  assert.equal(rooms.claim('alice'), true);
});

test('a frame reaches every member of its room, in publish order, and no one else', () => {
  const rooms = createLocalRooms();
  const [a, b, c] = [member(), member(), member()];
  rooms.join('r1', a);
  rooms.join('r1', b);
  rooms.join('r2', c);
  rooms.publish('r1', 'one');
  rooms.publish('r1', 'two');
  assert.deepEqual(a.frames, ['one', 'two']);
  assert.deepEqual(b.frames, ['one', 'two']);
  assert.deepEqual(c.frames, []);
});

test('a member that leaves during a fan-out misses nothing before and gets nothing after', () => {
  const rooms = createLocalRooms();
  const quitter = {
    frames: [],
    deliver(frame) {
      this.frames.push(frame);
      rooms.leave('r', this);
    },
  };
  const stayer = member();
  rooms.join('r', quitter);
  rooms.join('r', stayer);
  rooms.publish('r', 'one');
  rooms.publish('r', 'two');
  assert.deepEqual(quitter.frames, ['one']);
  assert.deepEqual(stayer.frames, ['one', 'two']);
});
