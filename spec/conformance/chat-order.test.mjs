// spec/API.md §7 chat, order and delivery: each recipient gets every message of a room exactly once, in the
// order the server received it from each sender, and nothing else.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { unique } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAllClients, joinRoom, SETTLE_MS, sleep } from './lib/ws.mjs';

after(closeAllClients);

const SENDERS = 4;
const PER_SENDER = 100;

describe('§7 chat: order and delivery', () => {
  clause('Each recipient gets every message of a room exactly once, in the order the server received it from each sender', async () => {
    const room = unique('room');
    const members = await joinRoom(Array.from({ length: SENDERS }, (_, i) => unique(`sender${i}`)), room);
    // All senders at once, no waiting between messages: the server sees them interleaved.
    for (let seq = 0; seq < PER_SENDER; seq++) {
      for (const m of members) m.say(`${m.name}#${seq}`);
    }
    const total = SENDERS * PER_SENDER;
    await Promise.all(members.map((m) => m.waitFrames(total, 15_000)));
    await sleep(SETTLE_MS);
    for (const recipient of members) {
      assert.equal(recipient.frames.length, total, `${recipient.name}: exactly ${total} frames, nothing else`);
      const next = new Map(members.map((m) => [m.name, 0]));
      for (const text of recipient.frames) {
        const { name, message } = JSON.parse(text);
        assert.equal(message, `${name}#${next.get(name)}`, `${recipient.name}: out of order or duplicated from ${name}`);
        next.set(name, next.get(name) + 1);
      }
      assert.ok([...next.values()].every((n) => n === PER_SENDER), `${recipient.name}: missing messages`);
    }
    for (const m of members) m.close();
  }, { timeout: 30_000 });
});
