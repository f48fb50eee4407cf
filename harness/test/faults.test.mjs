// The faults harness's checks, proven on a server that streams a large file and on one that reads it whole
// into memory for every request: the check passes the first and must fail the second.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { pseudoRandomBytes } from '../../spec/fixtures/static/generate.mjs';
import { WebSocketServer } from 'ws';
import { LARGE_BYTES, LARGE_FILE, largeDownloads } from '../checks/faults/downloads.mjs';
import { QUIET_MEMBERS, SLOW_READERS, SLOW_READER_CLAUSE, chatRoom, closeCodes, closeProblems, pauseReading } from '../checks/faults/shutdown.mjs';

const dir = mkdtempSync(join(tmpdir(), 'faults-test-'));
const content = pseudoRandomBytes(LARGE_FILE, LARGE_BYTES);
const children = [];

before(() => writeFileSync(join(dir, LARGE_FILE), content));
after(() => {
  for (const child of children) child.kill();
  rmSync(dir, { recursive: true, force: true });
});

async function fileServer(mode) {
  const script = fileURLToPath(new URL('./file-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, mode, join(dir, LARGE_FILE)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [line] = await once(child.stdout, 'data');
  return { host: '127.0.0.1', port: Number(String(line).trim()), pid: child.pid };
}

test('ten downloads of 100 MiB at once from a server that streams: every byte arrives, memory stays flat', async () => {
  const result = await largeDownloads(await fileServer('stream'), content);
  assert.deepEqual(result.problems, []);
});

test('ten downloads of 100 MiB at once from a server that reads the whole file per request: the memory bound fails', async () => {
  const result = await largeDownloads(await fileServer('buffer'), content);
  assert.ok(result.problems.some((p) => /memory grew by/.test(p)), result.problems.join('; ') || 'no problem found');
  assert.equal(result.problems.length, 1, `yet every byte arrived: ${result.problems.join('; ')}`);
});

// The SIGTERM check's chat members, two of them not reading when the close frame comes and one quiet
// (checks/faults/shutdown.mjs), against a relay that waits for the close handshake, one that closes the TCP connection
// as soon as its close frame is written (reactor-netty's sendClose, Jetty's close with any code but 1000), and
// one that closes it without a close frame.
async function chatCloseCodes(close) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/chat' });
  await once(server, 'listening');
  server.on('connection', (ws) => ws.on('message', (data) => {
    for (const member of server.clients) member.send(data.toString());
  }));
  try {
    const room = await chatRoom({ host: '127.0.0.1', port: server.address().port }, 'close-test');
    pauseReading(room.members);
    for (const member of server.clients) {
      if (close === 'at once') member._socket.write(Buffer.from([0x88, 0x02, 0x03, 0xe9]), () => member._socket.destroy());
      else if (close === 'without a frame') member._socket.destroy();
      else member.close(1001);
    }
    const codes = await closeCodes(room);
    room.stop();
    return codes;
  } finally {
    server.close();
  }
}

test('SIGTERM: members that send before reading their close frame get 1001 from a server that waits for the close handshake', async () => {
  const codes = await chatCloseCodes('after the handshake');
  assert.equal(codes.length, 5);
  assert.deepEqual(closeProblems(codes, undefined), []);
});

test('SIGTERM: members that send before reading their close frame lose it to a server that closes at once, and the check says so', async () => {
  const codes = await chatCloseCodes('at once');
  assert.deepEqual(codes.slice(0, SLOW_READERS), Array(SLOW_READERS).fill(1006), `codes ${codes.join(', ')}`);
  assert.match(closeProblems(codes, undefined).join('; '), /not all 1001 \(the first 2 were not reading/);
  // The quiet member sent nothing the server could answer with a reset: it reads its 1001 however the server closes.
  assert.deepEqual(codes.slice(-QUIET_MEMBERS), Array(QUIET_MEMBERS).fill(1001), `codes ${codes.join(', ')}`);
  assert.deepEqual(closeProblems(codes, { test: SLOW_READER_CLAUSE }), []);
});

test('SIGTERM: under the deviation a server that sends no close frame still fails, on the quiet member', async () => {
  const codes = await chatCloseCodes('without a frame');
  assert.deepEqual(codes, Array(codes.length).fill(1006));
  assert.match(closeProblems(codes, { test: SLOW_READER_CLAUSE }).join('; '), /the last 1 sent nothing/);
});
