import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

process.env.RUN_DIR = mkdtempSync(join(tmpdir(), 'run-'));
const { start, stop, waitHealthy, portTaken, runningPid } = await import('../lib/processes.mjs');

// A throwaway "stack" whose start command forks a child, as node-cluster does: stop must end both.
const server = `
  const http = require('node:http');
  const { spawn } = require('node:child_process');
  spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  http.createServer((req, res) => res.end('{"status":"UP"}')).listen(Number(process.env.PORT), '127.0.0.1');
`;

function freePort() {
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => done(port)); });
  });
}

const groupMembers = (pid) => execFileSync('ps', ['-o', 'pid=', '-g', String(pid)], { encoding: 'utf8' })
  .split('\n').map((l) => l.trim()).filter(Boolean);

test('a stack starts in its own process group, answers /health, and stop ends the whole group', async () => {
  const port = await freePort();
  const script = join(mkdtempSync(join(tmpdir(), 'stack-')), 'server.cjs');
  writeFileSync(script, server);
  const target = { id: `selftest-${port}`, stack: { name: `selftest-${port}`, dir: process.cwd(), start: `node ${script}` } };
  const pid = start(target, { ...process.env, PORT: String(port) });
  assert.equal(await waitHealthy(`http://127.0.0.1:${port}`, pid, 10000), 'healthy');
  assert.equal(runningPid(target).pid, pid);
  assert.equal(await portTaken(port), true);
  await new Promise((r) => setTimeout(r, 200));
  assert.ok(groupMembers(pid).length >= 2, 'the forked child shares the group');
  assert.equal(await stop(pid), 'stopped');
  assert.throws(() => groupMembers(pid), 'no process of the group is left');
  assert.equal(runningPid(target), null);
});

test('a stack that exits during start-up is reported as exited, not waited on until the timeout', async () => {
  const target = { id: 'selftest-exit', stack: { name: 'selftest-exit', dir: process.cwd(), start: 'exit 3' } };
  const pid = start(target, process.env);
  const began = Date.now();
  assert.equal(await waitHealthy('http://127.0.0.1:1', pid, 20000), 'exited');
  assert.ok(Date.now() - began < 5000);
});
