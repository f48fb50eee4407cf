// spec/API.md §7 WebSocket chat: relay to exactly the room, unique names, and nothing but relayed frames.
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { after, describe } from 'node:test';
import { unique } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';
import { ChatClient, chatUrl, closeAllClients, join, joinRoom, nameIsFree, SETTLE_MS, sleep } from './lib/ws.mjs';

after(closeAllClients);

const TAKEN = '{"type":"system","message":"A user with that name already exists"}';

/** A message frame with odd spacing, key order, escapes and non-ASCII: re-serialising it would show. */
const oddFrame = ({ name, room }) =>
  `{ "message" : "h\\u00e9llo  wörld 👋 \\"quoted\\" \\\\ tab\\t\\u2028",\n\t"chat":"${room}",  "name":"${name}" ,"extra":[1, 2.50, {"z":null}] }`;

describe('§7 chat: relay', () => {
  clause('The server relays the frame\'s text unchanged to every connection registered in that room, the sender included', async () => {
    const room = unique('room');
    const [alice, bob] = await joinRoom([unique('alice'), unique('bob')], room);
    const carol = await join(unique('carol'), unique('room'));
    const text = oddFrame(alice);
    alice.send(text);
    assert.deepEqual(await alice.waitFrames(1), [text]);
    assert.deepEqual(await bob.waitFrames(1), [text]);
    await sleep(SETTLE_MS);
    assert.deepEqual(carol.frames, [], 'a member of another room received the message');
    assert.equal(alice.frames.length + bob.frames.length, 2, 'one copy each');
    for (const c of [alice, bob, carol]) c.close();
  });

  clause('Nothing else is ever sent to a registered user (no join/leave notices)', async () => {
    const room = unique('room');
    const alice = await join(unique('alice'), room);
    const bob = await join(unique('bob'), room); // alice gets bob's own first message, nothing about his joining
    bob.ws.close(1000);
    await bob.waitClose();
    await sleep(SETTLE_MS);
    const text = alice.say('anyone there?');
    await alice.waitFrames(2);
    await sleep(SETTLE_MS);
    assert.equal(alice.frames.length, 2, `frames: ${alice.frames.join(' | ')}`);
    assert.equal(JSON.parse(alice.frames[0]).name, bob.name);
    assert.equal(alice.frames[1], text);
    alice.close();
  });
});

describe('§7 chat: endpoint', () => {
  clause('Any Origin is accepted, or none; the query string is ignored; extra registration keys are ignored', async () => {
    const client = await ChatClient.open(`${chatUrl}?room=ignored`, { origin: 'http://elsewhere.example' });
    const name = unique('origin');
    const room = unique('room');
    client.send({ name, chat: room, avatar: 'ignored' });
    const text = JSON.stringify({ name, chat: room, message: 'through' });
    client.send(text);
    assert.deepEqual(await client.waitFrames(1), [text]);
    client.close();
  });

  clause('Every response has a Date header: the 101 that opens /chat too', async () => {
    const ws = new WebSocket(chatUrl, { handshakeTimeout: 5_000 });
    const response = await new Promise((resolve, reject) => {
      ws.once('upgrade', resolve);
      ws.once('error', reject);
    });
    ws.terminate();
    assert.equal(response.statusCode, 101);
    assert.ok(response.headers.date && !Number.isNaN(Date.parse(response.headers.date)), 'missing or invalid Date on the 101');
  });

  clause('Pings are answered as RFC 6455 says', async () => {
    const client = await join(unique('ping'), unique('room'));
    const pong = new Promise((resolve) => client.ws.once('pong', (data) => resolve(data.toString())));
    client.ws.ping('are you there');
    assert.equal(await Promise.race([pong, sleep(5_000).then(() => 'no pong within 5 s')]), 'are you there');
    client.close();
  });
});

describe('§7 chat: names', () => {
  clause('A taken name gets {"type":"system","message":"A user with that name already exists"} and close code 1008', async () => {
    const holder = await join(unique('taken'), unique('room'));
    const intruder = await ChatClient.open();
    intruder.send({ name: holder.name, chat: unique('room') }); // names are unique across all rooms
    const { code } = await intruder.waitClose();
    assert.deepEqual(intruder.frames, [TAKEN]);
    assert.equal(code, 1008);
    const text = holder.say('the holder is unaffected');
    assert.deepEqual(await holder.waitFrames(1), [text]);
    holder.close();
  });

  clause('A name is free again as soon as its connection closes (normal close, violation, dropped TCP)', async () => {
    const name = unique('free');
    const room = unique('room');
    const first = await join(name, room);
    first.ws.close(1000);
    await first.waitClose();
    assert.ok(await nameIsFree(name, room));

    const second = await join(name, room);
    second.send('not json');
    assert.equal((await second.waitClose()).code, 1008);
    assert.ok(await nameIsFree(name, room));

    const third = await join(name, room);
    third.ws.terminate();
    assert.ok(await nameIsFree(name, room));
  });
});
