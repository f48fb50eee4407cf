import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { holderOf, portAdvice } from '../runtimes/native/holders.mjs';

test('the process listening on a port is found, by its socket in /proc', async () => {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  try {
    const { port } = server.address();
    const holder = holderOf(port);
    assert.equal(holder.pid, process.pid);
    assert.match(holder.command, /^node/, 'its name in /proc/<pid>/comm');
  } finally {
    server.close();
  }
  assert.equal(holderOf(1), null, 'nothing listens on port 1');
});

test('switching runtimes names what still holds a port and the command that frees it', () => {
  const proxy = { pid: 41, command: 'docker-proxy' };
  const mariadb = { pid: 42, command: 'mariadbd' };
  const java = { pid: 43, command: 'java' };
  assert.equal(portAdvice(3307, proxy, 'compose'), null, 'the compose runtime\'s own');
  assert.equal(portAdvice(3307, mariadb, 'native'), null, 'the native runtime\'s own');
  assert.equal(portAdvice(3307, mariadb, 'compose'), 'port 3307 is held by the native MariaDB, mariadbd (pid 42): run `make db-down` first');
  assert.equal(portAdvice(8081, java, 'compose'), 'port 8081 is held by a native process, java (pid 43): run `make down RUNTIME=native` first');
  assert.equal(portAdvice(8081, proxy, 'native'), 'port 8081 is held by the compose runtime\'s docker-proxy (pid 41): run `make down RUNTIME=compose` first');
  assert.equal(portAdvice(8081, null, 'native'), null);
});
