// spec/API.md §7.5 chat, backpressure: a recipient that does not read must not slow the room down or grow memory
// without bound; past at most 1 MiB queued it is closed with 1013, and only a socket that stops taking data is. A
// stall that strikes one run in five must not pass by luck, so the clause runs ROUNDS stalled readers in a row
// through one room, half of them under a sender that does not wait for the room at all.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe } from 'node:test';
import { unique } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAllClients, join, joinRoom, nameIsFree } from './lib/ws.mjs';

after(closeAllClients);

const MiB = 1024 * 1024;
// 1 − 0.8^24 ≈ 99.5 % that a one-in-five failure shows; 1 − 0.8^12 ≈ 93 % for one that only a burst brings out.
const ROUNDS = 24;
const twoKB = (i) => 2048 + (i % 7) * 16;
// The shapes take turns:
// - a burst: every message sent at once, the client yielding every BURST_YIELD messages only to read. A server that
//   relays faster than it writes must slow the sender's reads down, not cut the sender or the reader, whose
//   sockets take everything (java-mvc-jpa once cut them whenever its writers fell behind on one CPU);
// - about 2 KB messages, up to 256 unanswered (the frame-count bound, per-frame overheads);
// - 32-60 KiB messages, up to 8 unanswered.
// A window is under 1 MiB, so in those rounds the sender and the reader, which this process reads, never look slow
// themselves; a burst relies on this process reading as fast as the server writes.
const SHAPES = [{ window: Infinity, size: twoKB }, { window: 256, size: twoKB },
  { window: Infinity, size: twoKB }, { window: 8, size: (i) => (32 + (i * 7) % 28) * 1024 }];
const BURST_YIELD = 100;
// The sender and the reader keep up: a window not answered in this long is the room held up.
const PROGRESS_MS = 10_000;

/**
 * What the server may hand to the kernel for a reader that stopped reading before anything queues in the server
 * (the reader's receive buffer, which grows only as it reads, so at its default; the server's send buffer at its
 * maximum), plus the stack's 1 MiB and a 2 MiB margin: past that volume a stack has cut the reader.
 */
function volumeBeyondBound() {
  let kernel = 16 * MiB;
  try {
    const field = (file, i) => Number(readFileSync(file, 'utf8').trim().split(/\s+/)[i]);
    kernel = field('/proc/sys/net/ipv4/tcp_rmem', 1) + field('/proc/sys/net/ipv4/tcp_wmem', 2);
  } catch { /* the default above */ }
  return kernel + 3 * MiB;
}

/** Which of the members that read everything the server closed, though their sockets kept taking data. */
function cut(...members) {
  const closed = members.filter((m) => m.closeCode !== undefined).map((m) => `${m.name} closed with ${m.closeCode}`);
  return closed.length ? ` (${closed.join(', ')}, while reading everything)` : '';
}

describe('§7 chat: backpressure', () => {
  clause(`A recipient that does not read is closed with 1013 past a bounded outbound buffer and never holds up the rest of the room (${ROUNDS} in a row)`, async () => {
    const room = unique('room');
    const [sender, reader] = await joinRoom([unique('sender'), unique('reader')], room);
    for (let round = 1; round <= ROUNDS; round++) {
      const { window, size } = SHAPES[round % SHAPES.length];
      const where = `round ${round} of ${ROUNDS} (${window === Infinity ? 'burst' : `window ${window}`})`;
      const stalled = await join(unique('stalled'), room);
      await Promise.all([sender.waitFrames(1), reader.waitFrames(1)]); // its registration probe
      sender.frames.length = 0;
      reader.frames.length = 0;
      stalled.ws._socket.pause(); // stops reading from the kernel: its buffers fill, then the server's

      const sent = [];
      for (let bytes = 0; bytes < volumeBeyondBound();) {
        const i = sent.length;
        if (i >= window) {
          await Promise.all([sender.waitFrames(i - window + 1, PROGRESS_MS), reader.waitFrames(i - window + 1, PROGRESS_MS)])
            .catch((error) => assert.fail(`${where}: the room was held up after ${i} messages (${bytes} bytes)${cut(sender, reader)}: ${error.message}`));
        }
        if (i % BURST_YIELD === 0) await new Promise((resolve) => setImmediate(resolve));
        const text = sender.say(`${round}:${i}:${'x'.repeat(size(i))}`);
        sent.push(text);
        bytes += text.length;
      }
      const [toSender, toReader] = await Promise.all([sender.waitFrames(sent.length, PROGRESS_MS), reader.waitFrames(sent.length, PROGRESS_MS)])
        .catch((error) => assert.fail(`${where}: the room was held up${cut(sender, reader)}: ${error.message}`));
      assert.ok(toSender.every((t, i) => t === sent[i]), `${where}: the sender must get every message, in order`);
      assert.ok(toReader.every((t, i) => t === sent[i]), `${where}: the reader must get every message, in order`);

      stalled.ws._socket.resume();
      const { code } = await stalled.waitClose(15_000);
      assert.equal(code, 1013, `${where}: the stalled reader must be closed with 1013`);
      assert.ok(stalled.frames.length < sent.length, `${where}: the stalled reader got all ${sent.length} messages`);
      assert.ok(await nameIsFree(stalled.name, unique('room')), `${where}: its name must be free again`);
      sender.frames.length = 0;
      reader.frames.length = 0;
    }
    const last = sender.say('the room goes on');
    assert.equal((await reader.waitFrames(1)).at(-1), last);
    sender.close();
    reader.close();
  }, { timeout: 180_000 });
});
