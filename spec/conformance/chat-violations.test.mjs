// spec/API.md §7 chat violations: one {"type":"system","message":"<reason>"} frame then 1008; binary → 1003;
// a frame over 64 KiB → 1009; a text frame that is not UTF-8 → 1007. A violating frame is never relayed to the room.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { unique } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';
import { ChatClient, closeAllClients, join, SETTLE_MS, sleep } from './lib/ws.mjs';

after(closeAllClients);

async function assertViolation(client, code = 1008) {
  const closed = await client.waitClose();
  assert.equal(client.frames.length, 1, `exactly one system frame expected, got: ${client.frames.join(' | ').slice(0, 300)}`);
  const frame = JSON.parse(client.frames[0]);
  assert.equal(frame.type, 'system');
  assert.ok(typeof frame.message === 'string' && frame.message.length > 0, 'the system frame says why');
  assert.equal(closed.code, code);
}

const long = 'n'.repeat(65);
const beforeRegistration = [
  ['not JSON', () => 'hello'],
  ['a JSON array', () => '[1,2]'],
  ['missing chat', (name) => JSON.stringify({ name })],
  ['missing name', () => JSON.stringify({ chat: unique('room') })],
  ['an empty name', () => JSON.stringify({ name: '', chat: unique('room') })],
  ['an empty room', (name) => JSON.stringify({ name, chat: '' })],
  ['a name of 65 characters', () => JSON.stringify({ name: long, chat: unique('room') })],
  ['a room of 65 characters', (name) => JSON.stringify({ name, chat: long })],
  ['a name that is not a string', () => JSON.stringify({ name: 42, chat: unique('room') })],
  ['a message before registering', (name) => JSON.stringify({ name, chat: unique('room'), message: 'too early' })],
];

describe('§7 chat: violations before registration → one system frame, then close 1008', () => {
  for (const [what, frame] of beforeRegistration) {
    clause(`Violations (not JSON, missing fields, a message before registering) → system frame, then close 1008: ${what}`, async () => {
      const client = await ChatClient.open();
      client.send(frame(unique('v')));
      await assertViolation(client);
    });
  }
});

const afterRegistration = [
  ['not JSON', () => '{"name":'],
  ['JSON but not an object', (c) => JSON.stringify([c.name, c.room, 'hi'])],
  ['a name that is not the registered one', (c) => JSON.stringify({ name: unique('spoof'), chat: c.room, message: 'spoofed' })],
  ['a room that is not the registered one', (c) => JSON.stringify({ name: c.name, chat: unique('room'), message: 'elsewhere' })],
  ['a second registration', (c) => JSON.stringify({ name: c.name, chat: c.room })],
  ['a message that is not a string', (c) => JSON.stringify({ name: c.name, chat: c.room, message: 42 })],
];

describe('§7 chat: violations after registration → one system frame, then close 1008, nothing relayed', () => {
  for (const [what, frame] of afterRegistration) {
    clause(`Violations (name/room not the registered ones, a second registration) → system frame, then close 1008: ${what}`, async () => {
      const room = unique('room');
      const witness = await join(unique('witness'), room);
      const client = await join(unique('v'), room);
      await witness.waitFrames(1); // the violator's registration probe
      witness.frames.length = 0;
      client.send(frame(client));
      await assertViolation(client);
      await sleep(SETTLE_MS);
      assert.deepEqual(witness.frames, [], 'the violating frame reached the room');
      witness.close();
    });
  }
});

describe('§7 chat: frame kinds and sizes', () => {
  clause('Binary frame → close 1003', async () => {
    const client = await join(unique('bin'), unique('room'));
    client.send(Buffer.from(JSON.stringify({ name: client.name, chat: client.room, message: 'binary' })));
    assert.equal((await client.waitClose()).code, 1003);
  });

  // RFC 6455 §8.1: a text frame that is not UTF-8 fails the connection; the bytes are never relayed, as they are
  // or with U+FFFD in their place. Before registration, and after it with a witness in the room.
  clause('A text frame that is not valid UTF-8 → close 1007, nothing relayed', async () => {
    const first = await ChatClient.open();
    first.ws.send(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]), { binary: false });
    assert.equal((await first.waitClose()).code, 1007, 'a first frame that is not UTF-8');
    for (const [what, bytes] of [['a stray byte', [0xff]], ['a truncated sequence', [0xe2, 0x82]], ['an encoded surrogate', [0xed, 0xa0, 0x80]]]) {
      const room = unique('room');
      const witness = await join(unique('witness'), room);
      const client = await join(unique('utf8'), room);
      await witness.waitFrames(1);
      witness.frames.length = 0;
      const [head, tail] = JSON.stringify({ name: client.name, chat: room, message: 'x' }).split('"x"');
      client.ws.send(Buffer.concat([Buffer.from(`${head}"`), Buffer.from(bytes), Buffer.from(`"${tail}`)]), { binary: false });
      assert.equal((await client.waitClose()).code, 1007, what);
      assert.ok(client.frames.every((f) => JSON.parse(f).type === 'system'), `${what}: relayed to its sender: ${client.frames.join(' | ').slice(0, 300)}`);
      await sleep(SETTLE_MS);
      assert.deepEqual(witness.frames, [], `${what}: the frame reached the room`);
      witness.close();
    }
  });

  /** A message frame of exactly `size` bytes. */
  const frameOf = (client, size) => {
    const shell = JSON.stringify({ name: client.name, chat: client.room, message: '' });
    return JSON.stringify({ name: client.name, chat: client.room, message: 'm'.repeat(size - shell.length) });
  };

  clause('A frame of exactly 64 KiB (65,536 bytes) is relayed', async () => {
    const client = await join(unique('big'), unique('room'));
    const text = frameOf(client, 65536);
    assert.equal(Buffer.byteLength(text), 65536);
    client.send(text);
    assert.deepEqual(await client.waitFrames(1), [text]);
    client.close();
  });

  clause('A frame over 64 KiB → close 1009', async () => {
    const client = await join(unique('huge'), unique('room'));
    client.send(frameOf(client, 65537));
    assert.equal((await client.waitClose()).code, 1009);
    assert.ok(client.frames.every((f) => f.length < 65537), 'the oversized frame was relayed');
  });

  clause('A message over 65,536 bytes of payload (after reassembly of fragments) → close 1009', async () => {
    const client = await join(unique('parts'), unique('room'));
    const text = frameOf(client, 65537);
    client.ws.send(text.slice(0, 40_000), { fin: false });
    client.ws.send(text.slice(40_000), { fin: true });
    assert.equal((await client.waitClose()).code, 1009);
  });
});

describe('§7.4 chat: a member still sending when it is closed reads its close all the same', () => {
  clause('After the close frame of a violation the server keeps reading until the peer answers it with its own close frame', async () => {
    const client = await ChatClient.open();
    const name = unique('late');
    // The violation and, behind it on the wire, frames the member sent before the server's close reached it.
    client.send('[1]');
    for (let i = 0; i < 20; i += 1) client.send(JSON.stringify({ name, chat: 'room', message: `late ${i}` }));
    await assertViolation(client);
  });
});

describe('§7.4 chat: frames in order, the first violation wins', () => {
  clause('A connection\'s frames are dealt with in order: a member\'s own valid messages are relayed to it before the system frame of a later violation', async () => {
    const client = await join(unique('order'), unique('room'));
    client.frames.length = 0;
    const sent = client.say('before the violation');
    client.send('{"name":');
    const closed = await client.waitClose();
    assert.equal(closed.code, 1008);
    assert.equal(client.frames[0], sent, 'its own message first');
    assert.equal(JSON.parse(client.frames[1]).type, 'system');
  });

  for (const [what, late] of [['a binary frame', Buffer.from([1, 2, 3])], ['a frame over 64 KiB', 'x'.repeat(70_000)]]) {
    clause(`After the close frame of a violation the server ignores whatever arrives meanwhile, a binary or oversized frame included: ${what}`, async () => {
      const client = await ChatClient.open();
      client.send('[1]');
      client.send(late);
      await assertViolation(client);
    });
  }
});
