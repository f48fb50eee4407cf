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
import { LARGE_BYTES, LARGE_FILE, largeDownloads } from '../lib/faults/downloads.mjs';

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
