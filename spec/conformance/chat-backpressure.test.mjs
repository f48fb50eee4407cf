// spec/API.md §7 chat, backpressure: a recipient that does not read must not slow the room down or grow memory
// without bound; past at most 1 MiB (or 1000 frames) queued it is closed with 1013.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe } from 'node:test';
import { unique } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';
import { closeAllClients, joinRoom, nameIsFree } from './lib/ws.mjs';

after(closeAllClients);

const MiB = 1024 * 1024;
const WINDOW = 8;

/**
 * Bytes the kernel may absorb for a reader that stopped reading (its receive buffer plus the server's send
 * buffer) before anything queues in the server: the stack's 1 MiB only counts what is left over.
 */
function kernelBuffers() {
  try {
    const max = (file) => Number(readFileSync(file, 'utf8').trim().split(/\s+/)[2]);
    return max('/proc/sys/net/ipv4/tcp_rmem') + max('/proc/sys/net/ipv4/tcp_wmem');
  } catch {
    return 16 * MiB;
  }
}

describe('§7 chat: backpressure', () => {
  clause('A recipient that does not read is closed with 1013 past a bounded outbound buffer; the rest of the room goes on', async () => {
    const room = unique('room');
    const [sender, reader, stalled] = await joinRoom([unique('sender'), unique('reader'), unique('stalled')], room);
    stalled.ws._socket.pause(); // stops reading from the kernel: its buffers fill, then the server's queue

    // The sender and the reader must never look slow themselves, so at most WINDOW messages are in flight.
    const volume = kernelBuffers() + 1 * MiB + 4 * MiB;
    const sent = [];
    for (let bytes = 0, i = 0; bytes < volume; i++) {
      if (i >= WINDOW) await Promise.all([sender.waitFrames(i - WINDOW + 1, 10_000), reader.waitFrames(i - WINDOW + 1, 10_000)]);
      const text = sender.say(`${i}:${'x'.repeat((32 + (i * 7) % 28) * 1024)}`); // 32-60 KiB each
      sent.push(text);
      bytes += text.length;
    }
    const everything = sent.length;
    const [toSender, toReader] = await Promise.all([sender.waitFrames(everything), reader.waitFrames(everything)]);
    assert.ok(toSender.every((t, i) => t === sent[i]), 'the sender must get every message, in order');
    assert.ok(toReader.every((t, i) => t === sent[i]), 'the reader must get every message, in order');

    stalled.ws._socket.resume();
    const { code } = await stalled.waitClose(15_000);
    assert.equal(code, 1013, 'the stalled reader must be closed with 1013');
    assert.ok(stalled.frames.length < everything, `the stalled reader was not dropped: it got all ${everything} messages`);
    assert.ok(await nameIsFree(stalled.name, unique('room')), 'its name must be free again');

    const after = sender.say('the room goes on');
    assert.equal((await reader.waitFrames(everything + 1)).at(-1), after);
    sender.close();
    reader.close();
  }, { timeout: 90_000 });
});
