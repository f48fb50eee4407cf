import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, STATIC_ROOT } from '../../scripts/lib/stacks.mjs';
import { cpuCount, renderConfig, startNginx } from '../lib/ceiling.mjs';

test('cpuCount reads taskset lists', () => {
  assert.equal(cpuCount('1'), 1);
  assert.equal(cpuCount('0-1'), 2);
  assert.equal(cpuCount('0,2-3'), 3);
});

test('the config template has every field filled, and refuses a missing one', () => {
  const template = readFileSync(join(ROOT, 'loadtest/nginx.conf'), 'utf8');
  const conf = renderConfig(template, { WORKERS: 2, RUN: '/r', LISTEN: '127.0.0.1:1234', STATIC_ROOT: '/s' });
  assert.doesNotMatch(conf, /\{\{\w+\}\}/);
  assert.match(conf, /listen 127\.0\.0\.1:1234;/);
  assert.match(conf, /worker_processes 2;/);
  assert.match(conf, /sendfile on;/);
  assert.match(conf, /location = \/hello \{\s+default_type text\/plain;\s+return 200 "Hello, World!";/);
  assert.match(conf, /alias \/s\/;/);
  assert.throws(() => renderConfig('{{PORT}}', {}), /no value for \{\{PORT\}\}/);
});

const nginx = existsSync('/usr/sbin/nginx') && existsSync(join(STATIC_ROOT, '1mb.bin'));
test('nginx serves /hello and /static/1mb.bin from its own config, one worker per server CPU', { skip: !nginx && 'nginx or the static tree is missing' }, async () => {
  const server = await startNginx('0');
  try {
    const hello = await fetch(`http://127.0.0.1:${server.port}/hello`);
    assert.equal(await hello.text(), 'Hello, World!');
    const file = await fetch(`http://127.0.0.1:${server.port}/static/1mb.bin`);
    assert.equal((await file.arrayBuffer()).byteLength, 1024 * 1024);
  } finally {
    assert.equal(await server.stop(), 'stopped');
  }
});
