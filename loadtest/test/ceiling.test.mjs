import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, STATIC_ROOT } from '../../harness/lib/stacks.mjs';
import { cpuCount, echoBody, renderConfig, startNginx } from '../ceilings/ceiling.mjs';

test('cpuCount reads taskset lists', () => {
  assert.equal(cpuCount('1'), 1);
  assert.equal(cpuCount('0-1'), 2);
  assert.equal(cpuCount('0,2-3'), 3);
});

test('the config template has every field filled, and refuses a missing one', () => {
  const template = readFileSync(join(ROOT, 'loadtest/ceilings/nginx.conf'), 'utf8');
  const conf = renderConfig(template, { WORKERS: 2, RUN: '/r', LISTEN: '127.0.0.1:1234', STATIC_ROOT: '/s', ECHO_BODY: 'E' });
  assert.doesNotMatch(conf, /\{\{\w+\}\}/);
  assert.match(conf, /listen 127\.0\.0\.1:1234;/);
  assert.match(conf, /worker_processes 2;/);
  assert.match(conf, /sendfile on;/);
  assert.match(conf, /location = \/hello \{\s+default_type text\/plain;\s+return 200 "Hello, World!";/);
  assert.match(conf, /location = \/event \{\s+default_type application\/json;\s+return 200 'E';/);
  assert.match(conf, /alias \/s\/;/);
  assert.throws(() => renderConfig('{{PORT}}', {}), /no value for \{\{PORT\}\}/);
});

test("the echo ceiling's body is the echo's answer, quoted for nginx", (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'echo-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(join(dir, 'quoted.json'), `{"a":"it's \\u00e9"}`);
  assert.equal(echoBody(join(dir, 'quoted.json')), `{"a":"it\\'s \\\\u00e9"}`);
  writeFileSync(join(dir, 'dollar.json'), '{"a":"$host"}');
  assert.throws(() => echoBody(join(dir, 'dollar.json')), /variable/);
});

const nginx = existsSync('/usr/sbin/nginx') && existsSync(join(STATIC_ROOT, '1mb.bin'));
test('nginx serves /hello, the echo and /static/1mb.bin from its own config, one worker per server CPU', { skip: !nginx && 'nginx or the static tree is missing' }, async () => {
  const server = await startNginx('0');
  try {
    const hello = await fetch(`http://127.0.0.1:${server.port}/hello`);
    assert.equal(await hello.text(), 'Hello, World!');
    const payload = readFileSync(join(ROOT, 'spec/fixtures/events/seed.request.json'));
    const echo = await fetch(`http://127.0.0.1:${server.port}/event`, { method: 'POST', body: payload,
      headers: { 'Content-Type': 'application/json' } });
    assert.equal(echo.headers.get('content-type'), 'application/json');
    assert.deepEqual(Buffer.from(await echo.arrayBuffer()), readFileSync(join(ROOT, 'spec/fixtures/events/seed.response.json')));
    const file = await fetch(`http://127.0.0.1:${server.port}/static/1mb.bin`);
    assert.equal((await file.arrayBuffer()).byteLength, 1024 * 1024);
  } finally {
    assert.equal(await server.stop(), 'stopped');
  }
});
